import { Trans } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import { useOnline } from '../../../lib/use-online.ts';
import * as s from './offline-notice.css.ts';

/** Says so when the connection is gone: what is shown is what was last loaded. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={s.bar} role="status">
      <Icon name="wifiOff" size={16} />
      <span>
        <strong>
          <Trans>You're offline</Trans>
        </strong>{' '}
        <Trans>Showing what was last loaded. Changes wait until you're back online.</Trans>
      </span>
    </div>
  );
}
