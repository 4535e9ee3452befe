import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import * as s from './operator.css.ts';

export function OperatorHeader({ current }: { current: 'fixes' | 'sellers' | 'inbox' | 'work' }) {
  const { t } = useLingui();
  return (
    <>
      <header>
        <h1 className={s.title}>
          <Trans>Operator console</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Answer fix requests and help sellers. Every action is recorded with your name.</Trans>
        </p>
      </header>
      <nav aria-label={t`Operator console`} className={s.tabs}>
        <Link
          to="/operator"
          activeOptions={{ exact: true }}
          className={s.tab}
          aria-current={current === 'fixes' ? 'page' : undefined}
        >
          <Trans>Fix queue</Trans>
        </Link>
        <Link
          to="/operator/sellers"
          className={s.tab}
          aria-current={current === 'sellers' ? 'page' : undefined}
        >
          <Trans>Sellers</Trans>
        </Link>
        <Link to="/operator/inbox" className={s.tab} aria-current={current === 'inbox' ? 'page' : undefined}>
          <Trans>Inbox</Trans>
        </Link>
        <Link to="/operator/work" className={s.tab} aria-current={current === 'work' ? 'page' : undefined}>
          <Trans>Work</Trans>
        </Link>
      </nav>
    </>
  );
}
