import { createFileRoute } from '@tanstack/react-router';
import { CreateVideoPage } from '../../../../features/video/pages.ts';

export const Route = createFileRoute('/_app/video/create/$projectId')({
  component: function CreateVideoRoute() {
    const { projectId } = Route.useParams();
    return <CreateVideoPage key={projectId} projectId={projectId} />;
  },
});
