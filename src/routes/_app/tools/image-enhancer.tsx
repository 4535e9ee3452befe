import { createFileRoute } from '@tanstack/react-router';
import { ImageEnhancerPage } from '../../../features/tools/pages.ts';

export const Route = createFileRoute('/_app/tools/image-enhancer')({
  component: ImageEnhancerPage,
});
