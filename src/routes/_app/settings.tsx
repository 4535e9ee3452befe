import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { SETTINGS_TABS } from '../../features/settings/index.ts';
import { SettingsPage } from '../../features/settings/pages.ts';

export const Route = createFileRoute('/_app/settings')({
  validateSearch: z.object({ tab: z.optional(z.catch(z.enum(SETTINGS_TABS), 'account')) }),
  component: function SettingsRoute() {
    const { tab = 'account' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <SettingsPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
  },
});
