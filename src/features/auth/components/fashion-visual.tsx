// The sign-in screens' picture: a product photo becoming an on-model image, drawn in SVG so
// it ships with the app and stays sharp on any screen.
import { Trans } from '@lingui/react/macro';
import * as s from './fashion-visual.css.ts';

export function FashionVisual() {
  return (
    <div className={s.stage} aria-hidden="true">
      <div className={s.before}>
        <svg className={s.art} viewBox="0 0 200 280" aria-hidden="true">
          <path
            d="M70 60 L52 66 L30 100 L48 112 L60 96 L60 220 L140 220 L140 96 L152 112 L170 100 L148 66 L130 60 Q100 80 70 60 Z"
            fill="#f7f4ef"
            stroke="#c7bba9"
            strokeWidth="2"
          />
          <path d="M70 60 Q100 80 130 60" fill="none" stroke="#c7bba9" strokeWidth="2" />
        </svg>
        <span className={s.label}>
          <Trans>Product photo</Trans>
        </span>
      </div>
      <div className={s.after}>
        <svg className={s.art} viewBox="0 0 200 350" aria-hidden="true">
          <circle cx="100" cy="70" r="26" fill="#e7cdb3" />
          <path
            d="M88 30 Q100 18 116 28 Q130 40 124 70 Q120 46 100 44 Q84 46 80 66 Q74 40 88 30 Z"
            fill="#3b2a1f"
          />
          <rect x="92" y="92" width="16" height="14" fill="#e7cdb3" />
          <path
            d="M66 110 Q100 98 134 110 L150 190 L136 196 L132 150 L132 250 L68 250 L68 150 L64 196 L50 190 Z"
            fill="#f7f4ef"
          />
          <path d="M68 250 L72 340 L96 340 L100 262 L104 340 L128 340 L132 250 Z" fill="#2c2622" />
        </svg>
        <span className={s.label}>
          <Trans>On-model result</Trans>
        </span>
      </div>
    </div>
  );
}
