import { Trans } from '@lingui/react/macro';
import { Alert, Switch } from '../../../ui/index.ts';
import { useNotificationsEnabled, usePushNotifications } from '../../notifications/index.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function NotificationsSection() {
  const [enabled, setEnabled] = useNotificationsEnabled();
  const push = usePushNotifications();
  const change = (on: boolean) => {
    setEnabled(on);
    if (on) push.turnOn();
    else push.turnOff();
  };
  // blocked before this visit (the browser remembers a refusal): say so without a click
  const blocked = enabled && !push.errorText && push.permission === 'denied';
  return (
    <SettingsSection
      title={<Trans>Notifications</Trans>}
      description={<Trans>Kept on this device only.</Trans>}
    >
      <Switch
        checked={enabled}
        onChange={change}
        label={<Trans>App notifications</Trans>}
        description={<Trans>Show pop-up messages when a project starts, finishes or fails.</Trans>}
      />
      <p className={s.sectionText}>
        <Trans>
          While Drape is closed, a finished or failed project or video arrives as a notification on this
          device.
        </Trans>
      </p>
      {enabled && push.outcome === 'unavailable' && (
        <Alert tone="info">
          <Trans>This browser cannot show notifications while Drape is closed.</Trans>
        </Alert>
      )}
      {push.errorText && <Alert tone="error">{push.errorText}</Alert>}
      {blocked && (
        <Alert tone="error">
          <Trans>
            Notifications are blocked for Drape in this browser. Allow them in the browser's site settings to
            be told when the app is closed.
          </Trans>
        </Alert>
      )}
    </SettingsSection>
  );
}
