// Colours derived from a model's look: the shade of the skin, the tones of the basics.

import type { ModelLook } from './models.ts';
import { darken, lighten, mix } from './svg.ts';

export interface Palette {
  skin: string;
  skinShade: string;
  skinDeep: string;
  hair: string;
  hairShade: string;
  hairShine: string;
  top: string;
  topShade: string;
  bottom: string;
  bottomShade: string;
  seam: string;
  shoe: string;
  shoeShade: string;
  lips: string;
  line: string;
}

export function paletteFor(look: ModelLook): Palette {
  const bottom = mix(look.basics, '#8e8f94', 0.22);
  const shoe = look.gender === 'women' ? mix(look.skin, '#c9b3a2', 0.55) : '#f1f0ec';
  return {
    skin: look.skin,
    skinShade: darken(look.skin, 0.16),
    skinDeep: darken(look.skin, 0.3),
    hair: look.hair,
    hairShade: darken(look.hair, 0.28),
    hairShine: lighten(look.hair, 0.22),
    top: look.basics,
    topShade: darken(look.basics, 0.11),
    bottom,
    bottomShade: darken(bottom, 0.12),
    seam: darken(look.basics, 0.2),
    shoe,
    shoeShade: darken(shoe, 0.14),
    lips: look.lips,
    line: darken(look.skin, 0.55),
  };
}
