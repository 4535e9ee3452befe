import { createFileRoute } from '@tanstack/react-router';
import { SelectProjectPage } from '../../../features/video/pages.ts';

export const Route = createFileRoute('/_app/video/select-project')({
  component: SelectProjectPage,
});
