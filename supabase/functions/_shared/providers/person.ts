// A seller's saved model as words for the provider (the Custom Model Creator, 52_seller_models):
// the person, then the view, then the studio. The person part is the same in all three views,
// so with the same seed (and, for the back and side views, the front view as face reference)
// the provider keeps one identity. The local renderer reads the same words back.
import { SELLER_MODEL_LABEL, sellerPart } from './seller-words.ts';

export type ModelView = 'front' | 'back' | 'side';

/** A saved model's description, as the Creator's form chose it (checked by create_seller_model). */
export interface PersonSpec {
  gender: 'women' | 'men';
  age_range: string;
  body: string;
  skin: string;
  hair: string;
  style: string;
  details: string;
}

const BODY: Record<string, string> = {
  slim: 'slim build',
  average: 'average build',
  athletic: 'athletic build',
  curvy: 'curvy build',
  'plus-size': 'plus-size build',
};
const SKIN: Record<string, string> = {
  fair: 'fair skin',
  light: 'light skin',
  medium: 'medium skin',
  olive: 'olive skin',
  brown: 'brown skin',
  dark: 'dark skin',
};
const HAIR: Record<string, string> = {
  'short-dark': 'short dark hair',
  'long-dark': 'long dark hair',
  'short-light': 'short blonde hair',
  'long-light': 'long blonde hair',
  curly: 'curly hair',
  red: 'red hair',
  grey: 'grey hair',
  shaved: 'shaved head',
};
const STYLE: Record<string, string> = {
  casual: 'casual look',
  classic: 'classic look',
  sporty: 'sporty look',
  elegant: 'elegant look',
  streetwear: 'streetwear look',
};

/** The three views the poses need, in the words of the catalogue's poses. */
export const VIEW_WORDS: Record<ModelView, string> = {
  front: 'full-body shot, standing, front view facing the camera',
  back: 'full-body shot, standing, back view looking over the shoulder',
  side: 'full-body shot, standing, side view in profile',
};

/** The person, the same words in every view: "a woman aged 26-35, athletic build, …". */
export function personWords(p: PersonSpec): string {
  const who = p.gender === 'men' ? 'a man' : 'a woman';
  return [
    `${who} aged ${p.age_range}`,
    BODY[p.body] ?? p.body,
    SKIN[p.skin] ?? p.skin,
    HAIR[p.hair] ?? p.hair,
    STYLE[p.style] ?? p.style,
  ].join(', ');
}

/** What the model wears and where: plain basics a garment is later put on, a plain studio. */
export const STUDIO_WORDS =
  'wearing fitted plain light-grey basics, barefoot; plain light-grey studio backdrop, soft even light';

/** The prompt of one view: person; view; studio; then the seller's own words, quoted. */
export function modelViewPrompt(p: PersonSpec, view: ModelView): string {
  const parts = [personWords(p), VIEW_WORDS[view], STUDIO_WORDS];
  if (p.details.trim()) parts.push(sellerPart(SELLER_MODEL_LABEL, p.details));
  return parts.join('; ');
}
