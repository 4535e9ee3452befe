// The credit-pack slider (spec 2 §5, §9): 25 to 500 in steps of 25, default 25; 350 and 375
// are not offered (350 snaps to 325, 375 to 400); 500 is for sales. The same values
// credit_pack_quote accepts.
export const SLIDER_MIN = 25;
export const SLIDER_MAX = 500;
export const SLIDER_STEP = 25;
export const SLIDER_DEFAULT = 25;
/** Contact sales appears only at 500. */
export const CONTACT_SALES_AT = 500;

/** The nearest offered value: a step of 25 within range, 350 → 325, 375 → 400. */
export function snapCredits(raw: number): number {
  if (!Number.isFinite(raw)) return SLIDER_DEFAULT;
  const stepped = Math.round(raw / SLIDER_STEP) * SLIDER_STEP;
  const v = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, stepped));
  if (v === 350) return 325;
  if (v === 375) return 400;
  return v;
}

/** Every value the slider offers, in order. */
export const SLIDER_VALUES: readonly number[] = Array.from(
  { length: (SLIDER_MAX - SLIDER_MIN) / SLIDER_STEP + 1 },
  (_, i) => SLIDER_MIN + i * SLIDER_STEP,
).filter((v) => v !== 350 && v !== 375);
