import { Trans } from '@lingui/react/macro';
import { Switch } from '../../../ui/index.ts';
import { useNotificationsEnabled } from '../../notifications/index.ts';
import { SettingsSection } from './settings-section.tsx';

export function NotificationsSection() {
  const [enabled, setEnabled] = useNotificationsEnabled();
  return (
    <SettingsSection
      title={<Trans>Notifications</Trans>}
      description={<Trans>Kept on this device only.</Trans>}
    >
      <Switch
        checked={enabled}
        onChange={setEnabled}
        label={<Trans>App notifications</Trans>}
        description={<Trans>Show pop-up messages when a project starts, finishes or fails.</Trans>}
      />
    </SettingsSection>
  );
}
