import { createFileRoute } from '@tanstack/react-router';
import { ToolsHubPage } from '../../../features/tools/pages.ts';

export const Route = createFileRoute('/_app/tools/')({
  component: ToolsHubPage,
});
