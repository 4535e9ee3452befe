// model-create, locally: a described person drawn as an illustrated figure, so the Custom
// Model Creator runs without a key. The look (skin, hair colour and style, beard) comes from the
// prompt's person words (person.ts: "a woman aged 26-35, athletic build, olive skin, long dark
// hair, …") and the seller's quoted words, with the seed choosing among what fits them: the
// same words and seed always draw the same person, in any view. The view is read from the
// prompt (front / back looking over the shoulder / side). A face_reference is loaded (an
// input that cannot be read fails as on FASHN) but a drawing needs no face to copy. The
// picture says it is a preview.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { promptParts } from '../../../functions/_shared/providers/seller-words.ts';
import {
  FIGURE_HEIGHT,
  FIGURE_WIDTH,
  figureLayerOf,
  type ModelLook,
  type PoseSlug,
  studioBackdropSvg,
} from '../../catalogue-art/index.ts';
import type { HairStyle } from '../../catalogue-art/models.ts';
import { genderFromPrompt, poseFromPrompt } from './product-to-model.ts';

const SKIN: [RegExp, string][] = [
  [/\bfair skin/i, '#f3d3be'],
  [/\blight skin/i, '#e8bc98'],
  [/\bmedium skin/i, '#c9976b'],
  [/\bolive skin/i, '#b98a5e'],
  [/\bbrown skin/i, '#8a5a3c'],
  [/\bdark skin/i, '#5b3826'],
];
const HAIR_COLOUR: [RegExp, string][] = [
  [/blonde|light hair/i, '#d9b56e'],
  [/\bred hair/i, '#a0462a'],
  [/\bgrey hair|gray hair/i, '#9a9590'],
];
const HAIR_STYLES: Record<'women' | 'men', [RegExp, HairStyle[]][]> = {
  women: [
    [/curly/i, ['curly-volume']],
    [/shaved/i, ['short-natural']],
    [/\bshort\b/i, ['bob', 'short-natural']],
    [/\blong\b/i, ['long-straight', 'long-wavy', 'long-sleek', 'ponytail']],
    [/./, ['shoulder', 'bob', 'long-wavy']],
  ],
  men: [
    [/curly/i, ['curly-top']],
    [/shaved/i, ['cropped']],
    [/\blong\b/i, ['tousled']],
    [/./, ['short-textured', 'short-neat', 'cropped', 'slicked-back']],
  ],
};
const LIPS = ['#b0675f', '#a8574f', '#c1706c', '#9b5a52'];

/** The words that say who the person is: the same in every view of one model. */
export function identityOf(prompt: string, seed: number): { words: string; key: string } {
  const parts = promptParts(prompt);
  const person = parts.server[0] ?? '';
  const words = [person, parts.model ?? ''].filter(Boolean).join(', ');
  const key = createHash('sha256').update(`${words}\u0000${seed}`).digest('hex');
  return { words, key };
}

/** The look a description and seed draw. */
export function lookFromPrompt(prompt: string, seed: number): ModelLook {
  const { words, key } = identityOf(prompt, seed);
  const pick = <T>(list: readonly T[], n: number) =>
    list[parseInt(key.slice(n * 4, n * 4 + 4), 16) % list.length];
  const gender = genderFromPrompt(words);
  const skin = SKIN.find(([re]) => re.test(words))?.[1] ?? pick(SKIN, 0)[1];
  const hair =
    HAIR_COLOUR.find(([re]) => re.test(words))?.[1] ?? (/curly/i.test(words) ? '#1b1414' : '#2a1d17');
  const styles = HAIR_STYLES[gender].find(([re]) => re.test(words))![1];
  const beard = gender === 'men' ? pick([undefined, 'trimmed', 'stubble'] as const, 2) : undefined;
  return {
    slug: `preview-${key.slice(0, 12)}`,
    gender,
    skin,
    hair,
    hairStyle: pick(styles, 1),
    basics: '#d6d4d0',
    lips: pick(LIPS, 3),
    ...(beard ? { beard } : {}),
    ...(/freckle/i.test(words) ? { freckles: true } : {}),
    backdrop: ['#eceae6', '#d3d0cb'],
  };
}

const POSE_WORDS: Record<PoseSlug, string> = {
  'front-view': 'front',
  'back-view': 'back, over the shoulder',
  'side-view': 'side',
};

export interface ModelCreateResult {
  png: Buffer;
  look: ModelLook;
  pose: PoseSlug;
}

export async function renderModelCreate(prompt: string, seed: number): Promise<ModelCreateResult> {
  const look = lookFromPrompt(prompt, seed);
  const pose = poseFromPrompt(prompt);
  const figure = figureLayerOf(look, pose);
  const text = `Preview (local renderer) · ${POSE_WORDS[pose]} view`;
  const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${FIGURE_WIDTH}" height="${FIGURE_HEIGHT}">
    <rect x="32" y="32" width="${48 + text.length * 14}" height="58" rx="14" fill="#ffffff" fill-opacity="0.86"/>
    <text x="52" y="70" font-family="sans-serif" font-size="24" font-weight="700" fill="#3b3b45">${text}</text>
  </svg>`;
  const png = await sharp(Buffer.from(studioBackdropSvg(look.backdrop[0], look.backdrop[1])), { density: 72 })
    .resize(FIGURE_WIDTH, FIGURE_HEIGHT)
    .composite([{ input: Buffer.from(figure.svg), density: 72 }, { input: Buffer.from(label) }])
    .removeAlpha()
    .png()
    .toBuffer();
  return { png, look, pose };
}
