import { createFileRoute } from '@tanstack/react-router';
import { BatchPage } from '../../../../features/batch/pages.ts';

export const Route = createFileRoute('/_app/tools/batch/')({
  component: BatchPage,
});
