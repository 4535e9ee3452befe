// The content guidelines (spec 2 §9): what generation refuses, what may be refused, what works.
import { msg } from '@lingui/core/macro';

export const HIGH_RISK = [
  msg`Women's lingerie`,
  msg`Provocative clothing`,
  msg`Sheer or see-through clothing`,
];

export const BORDERLINE = [msg`Bikinis`, msg`Bodysuits`, msg`Slip dresses`, msg`Sports bras`, msg`Sleepwear`];

export const SAFE = [
  msg`Casual wear`,
  msg`Formal wear`,
  msg`Modest swimwear`,
  msg`Loungewear`,
  msg`Athleisure`,
  msg`Cultural fashion`,
];

export const ADDITIONAL = [
  msg`Bikinis and swim trunks are not supported in on-model shoots.`,
  msg`Use a clear photo of one garment, well lit, without people or other products in the frame.`,
  msg`Photos below 500 × 500 pixels give weaker results.`,
  msg`Logos and prints are kept as they are; do not upload designs you have no right to use.`,
];
