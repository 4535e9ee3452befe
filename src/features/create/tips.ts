// The tips (spec 2 §3: title and content in en and el, and a picture): the general list of
// five, shown where a seller prepares a photo (the upload steps), and the three of /create.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface Tip {
  id: number;
  title: MessageDescriptor;
  content: MessageDescriptor;
  /** a catalogue picture, or null for the drawn flat-lay */
  image: string | null;
}

export const CREATE_TIPS: Tip[] = [
  {
    id: 1,
    title: msg`Light it like a shop window`,
    content: msg`Photograph the garment near a window in daylight, on a plain light background. Even light shows the true colour and the fabric.`,
    image: '/catalogue/backgrounds/studio-white.w480.webp',
  },
  {
    id: 2,
    title: msg`One garment, whole and smooth`,
    content: msg`Show the entire piece, front facing, with creases smoothed out. Flat-lay photos work best taken from straight above.`,
    image: null,
  },
  {
    id: 3,
    title: msg`Choose a model your buyers recognise`,
    content: msg`Pick the model, pose and background that suit the people who buy from you. The front view sells most; add a back view for details.`,
    image: '/catalogue/models/maya/01.w480.webp',
  },
];

export const GENERAL_TIPS: Tip[] = [
  {
    id: 1,
    title: msg`Use soft daylight`,
    content: msg`Take the photo near a window in daylight. A flash or mixed lamps change the garment's colour and leave hard shadows.`,
    image: '/catalogue/backgrounds/studio-white.w480.webp',
  },
  {
    id: 2,
    title: msg`A plain, light background`,
    content: msg`A white wall, a sheet or a light floor keeps the garment's edges clean, so it is cut out precisely.`,
    image: '/catalogue/backgrounds/beach.w480.webp',
  },
  {
    id: 3,
    title: msg`The whole garment in the frame`,
    content: msg`Leave a little space around the piece: a sleeve or hem cut off by the frame cannot be added back.`,
    image: null,
  },
  {
    id: 4,
    title: msg`Smooth and straight`,
    content: msg`Smooth out creases and hang or lay the garment straight, front facing. Take flat-lay photos from straight above.`,
    image: null,
  },
  {
    id: 5,
    title: msg`Sharp, and large enough`,
    content: msg`Hold the phone steady, tap to focus and send the original photo without filters: at least 500 × 500 pixels.`,
    image: '/catalogue/models/maya/01.w480.webp',
  },
];
