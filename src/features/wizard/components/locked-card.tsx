import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import * as c from './selectable-card.css.ts';
import * as s from './custom-card.css.ts';

/** A choice the seller's plan does not include (custom model and background, My models):
 *  a lock, what it is, "Available only in Advanced Plan" and a way to the plans. */
export function LockedCard({ title }: { title: ReactNode }) {
  return (
    <div className={[c.card, s.card, s.locked].join(' ')} aria-disabled="true">
      <div className={s.inner}>
        <span className={s.icon}>
          <Icon name="lock" size={22} />
        </span>
        <p className={c.name}>{title}</p>
        <p className={s.lockedText}>
          <Trans>Available only in Advanced Plan</Trans>
        </p>
        <Link to="/pricing" className={s.upgrade}>
          <Trans>See plans</Trans>
        </Link>
      </div>
    </div>
  );
}
