import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import * as d from './dashboard.css.ts';
import * as s from './tools-section.css.ts';

function CombinerArt() {
  return (
    <svg className={s.art} viewBox="0 0 320 140" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="320" height="140" fill="#f3efe9" />
      <g transform="translate(70 22)">
        <path
          d="M18 8 L8 12 L0 30 L10 36 L16 28 L16 78 L60 78 L60 28 L66 36 L76 30 L68 12 L58 8 Q38 18 18 8Z"
          fill="#c9b59a"
        />
      </g>
      <g transform="translate(176 20)">
        <path d="M6 6 L70 6 L74 100 L48 100 L38 40 L28 100 L2 100Z" fill="#3b352e" />
      </g>
      <path
        d="M150 70 h18 M162 64 l6 6 -6 6"
        stroke="#a9824a"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

function RemoverArt() {
  return (
    <svg className={s.art} viewBox="0 0 320 140" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <pattern id="checker" width="16" height="16" patternUnits="userSpaceOnUse">
          <rect width="16" height="16" fill="#ffffff" />
          <rect width="8" height="8" fill="#ece6dd" />
          <rect x="8" y="8" width="8" height="8" fill="#ece6dd" />
        </pattern>
      </defs>
      <rect width="160" height="140" fill="#b9c4b1" />
      <rect x="160" width="160" height="140" fill="url(#checker)" />
      <g transform="translate(122 18)">
        <path
          d="M26 10 L12 16 L0 40 L14 48 L22 36 L22 104 L76 104 L76 36 L84 48 L98 40 L86 16 L72 10 Q49 24 26 10Z"
          fill="#f7f4ef"
          stroke="#cfc6b9"
          strokeWidth="2"
        />
      </g>
    </svg>
  );
}

export function ToolsSection() {
  return (
    <section aria-labelledby="tools-title">
      <div className={d.sectionHead}>
        <h2 id="tools-title" className={d.sectionTitle}>
          <Trans>Tools</Trans>
        </h2>
        <Link to="/tools" className={d.sectionLink}>
          <Trans>All tools</Trans>
        </Link>
      </div>
      <div className={s.grid}>
        <Link to="/tools/photo-combiner" className={s.card}>
          <CombinerArt />
          <span className={s.body}>
            <span className={s.title}>
              <Trans>Photo combiner</Trans>
              <Icon name="arrowRight" size={18} />
            </span>
            <span className={s.text}>
              <Trans>Put a top and a bottom together into one outfit photo.</Trans>
            </span>
          </span>
        </Link>
        <Link to="/tools/background-remover" className={s.card}>
          <RemoverArt />
          <span className={s.body}>
            <span className={s.title}>
              <Trans>Background remover</Trans>
              <Icon name="arrowRight" size={18} />
            </span>
            <span className={s.text}>
              <Trans>Cut your product out of any background in one step.</Trans>
            </span>
          </span>
        </Link>
      </div>
    </section>
  );
}
