import { createFileRoute } from '@tanstack/react-router';
import { ModelCreatorPage } from '../../../features/tools/pages.ts';

export const Route = createFileRoute('/_app/tools/model-creator')({
  component: ModelCreatorPage,
});
