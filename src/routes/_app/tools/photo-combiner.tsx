import { createFileRoute } from '@tanstack/react-router';
import { PhotoCombinerPage } from '../../../features/tools/pages.ts';

export const Route = createFileRoute('/_app/tools/photo-combiner')({
  component: PhotoCombinerPage,
});
