import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/_app/tools/background-remover')({
  component: () => <Placeholder section="backgroundRemover" />,
});
