import { createFileRoute } from '@tanstack/react-router';
import { optionalOneOf } from '../../lib/search-params.ts';
import { SETTINGS_TABS, type SettingsTab } from '../../features/settings/index.ts';
import { SettingsPage } from '../../features/settings/pages.ts';

export const Route = createFileRoute('/_app/settings')({
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } => ({
    tab: optionalOneOf(search.tab, SETTINGS_TABS, 'account'),
  }),
  component: function SettingsRoute() {
    const { tab = 'account' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SettingsPage
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
      />
    );
  },
});
