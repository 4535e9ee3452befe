import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClass } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import * as s from './status-page.css.ts';

export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <main className={[s.page, s.full].join(' ')}>
      <div className={s.inner}>
        <p className={s.code} aria-hidden="true">
          404
        </p>
        <h1 className={s.title}>
          <Trans>This page doesn't exist</Trans>
        </h1>
        <p className={s.text}>
          <Trans>The link may be old, or the page may have moved.</Trans>
        </p>
        <div className={s.actions}>
          <Link to="/home" className={buttonClass({ size: 'lg' })}>
            <Trans>Go to your dashboard</Trans>
          </Link>
        </div>
      </div>
    </main>
  );
}
