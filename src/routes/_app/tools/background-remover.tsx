import { createFileRoute } from '@tanstack/react-router';
import { BackgroundRemoverPage } from '../../../features/tools/pages.ts';

export const Route = createFileRoute('/_app/tools/background-remover')({
  component: BackgroundRemoverPage,
});
