import { createFileRoute, notFound } from '@tanstack/react-router';
import { Placeholder } from '../../../features/shell/index.ts';

const STEPS = ['upload', 'models', 'pose', 'background', 'summary'] as const;

export const Route = createFileRoute('/_app/flatlay/$step')({
  beforeLoad: ({ params }) => {
    if (!(STEPS as readonly string[]).includes(params.step)) throw notFound();
  },
  component: () => <Placeholder section="flatlay" />,
});
