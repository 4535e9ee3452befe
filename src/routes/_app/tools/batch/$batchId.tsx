import { createFileRoute } from '@tanstack/react-router';
import { BatchDetailPage } from '../../../../features/batch/pages.ts';

export const Route = createFileRoute('/_app/tools/batch/$batchId')({
  component: function BatchDetailRoute() {
    const { batchId } = Route.useParams();
    return <BatchDetailPage key={batchId} batchId={batchId} />;
  },
});
