// The welcome screen on the first load of a browser session: shown for 2.5 s, then it reports
// completion and fades away. The app loads underneath in the meantime.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Logo } from '../../../ui/logo.tsx';
import { STORAGE_KEYS } from '../../../lib/local-settings.ts';
import * as s from './splash.css.ts';

export const SPLASH_MS = 2500;

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.splashSeen) === '1';
  } catch {
    return true;
  }
}

export function Splash({ onComplete }: { onComplete?: () => void }) {
  const { t } = useLingui();
  const [stage, setStage] = useState<'showing' | 'leaving' | 'done'>(() => (seenThisSession() ? 'done' : 'showing'));

  useEffect(() => {
    if (stage !== 'showing') return;
    const timer = setTimeout(() => {
      try {
        sessionStorage.setItem(STORAGE_KEYS.splashSeen, '1');
      } catch {
        /* private mode: the splash shows again next time */
      }
      setStage('leaving');
      onComplete?.();
    }, SPLASH_MS);
    return () => clearTimeout(timer);
  }, [stage, onComplete]);

  if (stage === 'done') return null;
  return (
    <div
      className={[s.splash, stage === 'leaving' ? s.leaving : undefined].filter(Boolean).join(' ')}
      role="status"
      aria-label={t`Welcome to Drape`}
      onAnimationEnd={(e) => e.target === e.currentTarget && stage === 'leaving' && setStage('done')}
    >
      <div className={s.inner}>
        <Logo size={72} />
        <p className={s.word}>Drape</p>
        <p className={s.tagline}>
          <Trans>Fashion imagery, made for sellers.</Trans>
        </p>
        <span className={s.bar} aria-hidden="true" />
      </div>
    </div>
  );
}
