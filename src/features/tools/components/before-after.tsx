import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import * as s from './before-after.css.ts';
import { checkerboard } from './tools.css.ts';

/** How close the close-up looks: a third of the photo fills the frame, so detail shows on a phone. */
const CLOSE_UP = 3;

/**
 * A tool's result, or compared with the photo it came from: the original on the left of a
 * divider the seller drags (a range input, so arrows work too). The cut-out sits on a
 * transparency checkerboard; an enhanced photo may be seen close up, both sides enlarged alike.
 */
export function BeforeAfter({
  before,
  after,
  beforeAlt,
  afterAlt,
  transparent = true,
  closeUp = false,
  testId = 'remover-result',
}: {
  before: string;
  after: string;
  beforeAlt?: string;
  afterAlt?: string;
  /** show the checkerboard behind the images (a cut-out) */
  transparent?: boolean;
  /** offer the close-up (an enhanced photo, whose detail the frame's size hides) */
  closeUp?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'result' | 'compare'>('result');
  const [split, setSplit] = useState(50);
  const [zoomed, setZoomed] = useState(false);
  const zoom = zoomed ? { transform: `scale(${CLOSE_UP})`, transformOrigin: '50% 40%' } : undefined;
  return (
    <div>
      <div className={s.toolbar}>
        <div className={s.modes}>
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
        {closeUp && (
          <div className={s.modes}>
            <button
              type="button"
              className={s.mode}
              aria-pressed={zoomed}
              onClick={() => setZoomed((z) => !z)}
            >
              <Trans>Close-up</Trans>
            </button>
          </div>
        )}
      </div>
      <div
        className={[s.frame, transparent ? checkerboard : undefined].filter(Boolean).join(' ')}
        data-testid={testId}
      >
        <div className={s.box}>
          <img
            className={s.layer}
            src={after}
            alt={afterAlt ?? t`Your product without its background`}
            style={zoom}
          />
        </div>
        {mode === 'compare' && (
          <>
            <div className={s.box} style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
              <img
                className={s.layer}
                src={before}
                alt={beforeAlt ?? t`Your product as uploaded`}
                style={zoom}
              />
            </div>
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
