import { createFileRoute } from '@tanstack/react-router';
import { CreatePage } from '../../features/create/index.ts';

export const Route = createFileRoute('/_app/create')({
  component: CreatePage,
});
