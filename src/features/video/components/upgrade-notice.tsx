import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon, buttonClass } from '../../../ui/index.ts';
import * as s from './upgrade-notice.css.ts';

/** Video is an Advanced-plan feature (spec 2 §6): what the other plans see, with the way up. */
export function UpgradeNotice() {
  return (
    <div className={s.notice} data-testid="video-upgrade">
      <span className={s.icon}>
        <Icon name="lock" size={20} />
      </span>
      <div className={s.text}>
        <p className={s.title}>
          <Trans>Available only in Advanced Plan</Trans>
        </p>
        <p>
          <Trans>Short product videos from finished projects are part of the Advanced plan.</Trans>
        </p>
      </div>
      <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
        <Icon name="sparkles" size={18} />
        <Trans>Upgrade to Advanced</Trans>
      </Link>
    </div>
  );
}
