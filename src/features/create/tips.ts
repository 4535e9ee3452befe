// The three tips of /create (spec 2 §3: title and content in en and el, and a picture).
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
