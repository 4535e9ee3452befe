import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../../ui/index.ts';
import * as s from './status-page.css.ts';

/** What a screen shows when it fails to load. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  console.error(error);
  return (
    <div className={s.page} role="alert">
      <div className={s.inner}>
        <h1 className={s.title}>
          <Trans>Something went wrong</Trans>
        </h1>
        <p className={s.text}>
          <Trans>We couldn't load this screen. Check your connection and try again.</Trans>
        </p>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </div>
    </div>
  );
}
