import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/_app/tools/')({
  component: () => <Placeholder section="tools" />,
});
