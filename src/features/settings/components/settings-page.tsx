import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { SettingsTab } from '../api.ts';
import { AccountTab } from './account-tab.tsx';
import { BillingTab } from './billing-tab.tsx';
import * as s from './settings.css.ts';

export function SettingsPage({
  tab,
  onTabChange,
}: {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Settings`);
  return (
    <div className={s.page}>
      <div>
        <h1 className={s.title}>
          <Trans>Settings</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Your account, language and billing.</Trans>
        </p>
      </div>
      <div>
        <Tabs<SettingsTab>
          label={t`Settings sections`}
          value={tab}
          onChange={onTabChange}
          items={[
            { value: 'account', label: <Trans>Account</Trans>, content: <AccountTab /> },
            { value: 'billing', label: <Trans>Billing</Trans>, content: <BillingTab /> },
          ]}
        />
      </div>
    </div>
  );
}
