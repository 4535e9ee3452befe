import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/index.ts';
import { updateState } from './sw-registration.ts';
import * as s from './update-prompt.css.ts';

/** Offers the new version of the app when the service worker has one waiting. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateState.subscribe, updateState.isWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className={s.bar} role="status">
      <span>
        <Trans>A new version of Drape is ready.</Trans>
      </span>
      <div className={s.actions}>
        <Button size="sm" variant="accent" onClick={() => updateState.apply()}>
          <Trans>Reload</Trans>
        </Button>
        <Button size="sm" variant="ghost" style={{ color: 'inherit' }} onClick={() => updateState.dismiss()}>
          <Trans>Later</Trans>
        </Button>
      </div>
    </div>
  );
}
