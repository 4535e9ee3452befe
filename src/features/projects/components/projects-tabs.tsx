// All projects · Fixes · Archived (spec 2 §2): three screens, linked as tabs.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import * as s from './shared.css.ts';

export function ProjectsTabs({ current }: { current: 'all' | 'fixes' | 'archived' }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Project views`} className={s.tabs}>
      <Link to="/projects" className={s.tab} aria-current={current === 'all' ? 'page' : undefined}>
        <Trans>All projects</Trans>
      </Link>
      <Link to="/fixes" className={s.tab} aria-current={current === 'fixes' ? 'page' : undefined}>
        <Trans>Fixes</Trans>
      </Link>
      <Link to="/archived" className={s.tab} aria-current={current === 'archived' ? 'page' : undefined}>
        <Trans>Archived</Trans>
      </Link>
    </nav>
  );
}
