import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import * as s from './before-after.css.ts';
import { checkerboard } from './tools.css.ts';

/**
 * The cut-out on a transparency checkerboard, or compared with the photo it came from: the
 * original on the left of a divider the seller drags (a range input, so arrows work too).
 */
export function BeforeAfter({ before, after }: { before: string; after: string }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'result' | 'compare'>('result');
  const [split, setSplit] = useState(50);
  return (
    <div>
      <div className={s.modes} style={{ marginBottom: 12 }}>
        <button
          type="button"
          className={s.mode}
          aria-pressed={mode === 'result'}
          onClick={() => setMode('result')}
        >
          <Trans>Result</Trans>
        </button>
        <button
          type="button"
          className={s.mode}
          aria-pressed={mode === 'compare'}
          onClick={() => setMode('compare')}
        >
          <Trans>Before / after</Trans>
        </button>
      </div>
      <div className={[s.frame, checkerboard].join(' ')} data-testid="remover-result">
        <img className={s.layer} src={after} alt={t`Your product without its background`} />
        {mode === 'compare' && (
          <>
            <img
              className={s.layer}
              src={before}
              alt={t`Your product as uploaded`}
              style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
            />
            <span className={s.divider} style={{ left: `${split}%` }}>
              <span className={[s.knob, s.focusRing].join(' ')}>
                <Icon name="chevronLeft" size={14} />
                <Icon name="chevronRight" size={14} />
              </span>
            </span>
            <span className={[s.tag, s.tagBefore].join(' ')}>
              <Trans>Before</Trans>
            </span>
            <span className={[s.tag, s.tagAfter].join(' ')}>
              <Trans>After</Trans>
            </span>
            <input
              className={s.range}
              type="range"
              min={0}
              max={100}
              value={split}
              onChange={(e) => setSplit(Number(e.currentTarget.value))}
              aria-label={t`Compare before and after`}
            />
          </>
        )}
      </div>
    </div>
  );
}
