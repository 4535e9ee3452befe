import { vars } from './theme.css.ts';

/** The Drape mark: a hanger with a drape. Decorative; the word beside it names the product. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={vars.color.ink} />
      <path
        d="M32 12c-2.6 0-4.5 2-4.5 4.4 0 1.7 1 3 2.5 3.8l2 1v3.3L14 37.2c-2.4 1.6-1.3 5.3 1.6 5.3h32.8c2.9 0 4-3.7 1.6-5.3L34 24.5"
        fill="none"
        stroke="#f3e9dc"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M19 42.5c2 5.2 7.5 9.5 13 9.5s11-4.3 13-9.5"
        fill="none"
        stroke="#c9a46a"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
