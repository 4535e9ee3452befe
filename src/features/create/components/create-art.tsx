// Drawn pictures for the Create cards that have no catalogue photo.
import * as s from './create.css.ts';

export function FlatLayArt() {
  return (
    <svg className={s.artImage} viewBox="0 0 320 220" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="320" height="220" fill="#efe8de" />
      <g transform="translate(70 26) rotate(-4 60 80)">
        <path
          d="M30 10 L10 18 L0 48 L18 56 L26 42 L26 150 L104 150 L104 42 L112 56 L130 48 L120 18 L100 10 Q65 30 30 10Z"
          fill="#d8c3a5"
        />
        <path d="M50 14 Q65 26 80 14" stroke="#b39a77" strokeWidth="3" fill="none" />
      </g>
      <g transform="translate(196 40) rotate(5 30 70)">
        <path d="M4 4 L60 4 L64 140 L42 140 L32 50 L22 140 L0 140Z" fill="#4a5a73" />
      </g>
      <circle cx="250" cy="186" r="12" fill="#a9824a" opacity="0.7" />
      <rect x="40" y="176" width="48" height="14" rx="7" fill="#cfc6b9" />
    </svg>
  );
}

export function MannequinArt() {
  return (
    <svg className={s.artImage} viewBox="0 0 320 220" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="320" height="220" fill="#ece6dd" />
      <g transform="translate(120 18)">
        <ellipse cx="40" cy="16" rx="14" ry="16" fill="#d9cfc2" />
        <path d="M14 40 Q40 30 66 40 L72 100 Q40 112 8 100Z" fill="#d9cfc2" />
        <path d="M20 100 Q40 108 60 100 L56 140 L24 140Z" fill="#cdbfae" />
        <rect x="37" y="140" width="6" height="50" fill="#8f8478" />
        <rect x="18" y="188" width="44" height="6" rx="3" fill="#8f8478" />
      </g>
    </svg>
  );
}
