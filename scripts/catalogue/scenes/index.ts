// The eight preset background scenes by slug (the Original background keeps the photo's own).
import { beach } from './beach.ts';
import { beverlyHills } from './beverly-hills.ts';
import { loft } from './loft.ts';
import { santorini } from './santorini.ts';
import { spain } from './spain.ts';
import { studioWhite } from './studio-white.ts';
import { urbanStreet } from './urban-street.ts';
import { villaPool } from './villa-pool.ts';

export const SCENES: Record<string, () => string> = {
  'studio-white': studioWhite,
  'urban-street': urbanStreet,
  beach,
  santorini,
  'villa-pool': villaPool,
  spain,
  'beverly-hills': beverlyHills,
  loft,
};
