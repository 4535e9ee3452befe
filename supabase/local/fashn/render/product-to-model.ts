// product-to-model, locally: the product photo (an on-model shot, a garment laid flat or on a
// mannequin) is worn by the figure and the figure put on the background, in one prediction, as
// FASHN's product-to-model does it.
//   model_image given (try-on mode)  that figure: a catalogue model's figure in its pose, or
//                                    a photo keyed out of its backdrop
//   no model_image                   a neutral (grey) catalogue figure of the gender and pose
//                                    the prompt names, with the description written on the
//                                    picture: a preview renderer cannot draw a described person
//   garment kind                     from the prompt (top / bottoms / full-body garment),
//                                    else read from the garment's shape
//   on a mannequin                   the prompt says the photo shows the garment on a
//                                    mannequin: it is lifted off the mannequin first
//                                    (mannequin.ts: no neck, stand or bare form is worn)
//   background                       `image_prompt` (an inspiration image: here, the
//                                    background itself), else the prompt's "background: …"
//                                    or the seller's quoted description (a catalogue
//                                    background it names, or a sweep in its colours);
//                                    "blurred" blurs it
// Only Drape's own parts of a prompt name the garment, the pose and the blur; the seller's
// quoted words describe the person and the background only (seller-words.ts).
//   resolution                       '1k' 1024×1536, '4k' 2731×4096 (2:3)
import sharp from 'sharp';
import { promptParts } from '../../../functions/_shared/providers/seller-words.ts';
import { defaultFigureSlug, type PoseSlug } from '../../catalogue-art/index.ts';
import { composeOnModelCanvas } from './background.ts';
import type { Figure } from './figures.ts';
import type { GarmentCategory } from './garment.ts';
import { encodePng, OUTPUT_HEIGHT, OUTPUT_WIDTH, type Rgb, type Rgba } from './raster.ts';
import { wornSubject } from './tryon.ts';

/** Output sizes by FASHN's `resolution`: the long side 1536 or 4096, 2:3 portrait. */
export const RESOLUTION_SIZES = {
  '1k': { width: OUTPUT_WIDTH, height: OUTPUT_HEIGHT },
  '4k': { width: 2731, height: 4096 },
} as const;
export type FashnResolution = keyof typeof RESOLUTION_SIZES;

/** The garment kind a prompt names (Drape's provider writes "wearing the top …"). */
export function categoryFromPrompt(fullPrompt: string): GarmentCategory | 'auto' {
  const prompt = promptParts(fullPrompt).server.join('; ');
  if (/\b(full[- ]body|one[- ]piece|dress|jumpsuit|full outfit)\b/i.test(prompt)) return 'one-pieces';
  if (/\b(bottoms?|trousers|pants|skirt|shorts|jeans|lower[- ]body)\b/i.test(prompt)) return 'bottoms';
  if (/\b(tops?|shirt|blouse|jacket|sweater|upper[- ]body)\b/i.test(prompt)) return 'tops';
  return 'auto';
}

/** Whether Drape's own words say the product photo shows the garment on a mannequin. */
export function mannequinFromPrompt(fullPrompt: string): boolean {
  return promptParts(fullPrompt).server.some((p) => /\bon a mannequin\b/i.test(p));
}

/** The pose a prompt names (a custom model's pose travels in its prompt). */
export function poseFromPrompt(fullPrompt: string): PoseSlug {
  const prompt = promptParts(fullPrompt).server.join('; ');
  if (/back ?view|from behind|over the shoulder/i.test(prompt)) return 'back-view';
  if (/side ?view|profile/i.test(prompt)) return 'side-view';
  return 'front-view';
}

/** The gender a description names: men when it speaks of a man, else women. */
export function genderFromPrompt(prompt: string): 'men' | 'women' {
  const text = (promptParts(prompt).model ?? prompt).toLowerCase();
  const men = /\b(man|men|male|guy|boy|gentleman|his|he|beard(ed)?)\b/.test(text);
  const women = /\b(woman|women|female|girl|lady|her|she)\b/.test(text);
  return men && !women ? 'men' : 'women';
}

/** The "background: …" part of a prompt, and whether it asks for a blurred one. */
export function backgroundFromPrompt(prompt: string): { text: string | null; blur: boolean } {
  const parts = promptParts(prompt);
  const server = parts.server.join('; ');
  const m = /background:\s*([^;]+)/i.exec(server);
  return {
    text: parts.background ?? (m ? m[1].trim() : null),
    blur: /blurred|shallow depth of field|bokeh/i.test(server),
  };
}

/** The person a prompt describes (its first part, before the garment and background parts). */
export function personFromPrompt(prompt: string): string {
  const parts = promptParts(prompt);
  return (
    [parts.model, ...parts.server]
      .filter(
        (p): p is string => !!p && !/^(wearing|background:|keep the background|softly blurred)/i.test(p),
      )
      .join(', ') || 'a person'
  );
}

/** A catalogue figure drawn in greys: a stand-in for a described person. */
export function neutralFigure(figure: Figure): Figure {
  const data = Buffer.from(figure.image.data);
  for (let i = 0; i < data.length; i += 4) {
    const l = 0.3 * data[i] + 0.59 * data[i + 1] + 0.11 * data[i + 2];
    const v = Math.round(150 + (l - 128) * 0.45);
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v + 4;
  }
  return { ...figure, image: { ...figure.image, data }, kind: figure.kind };
}

export function neutralFigureSlug(prompt: string): string {
  return defaultFigureSlug(genderFromPrompt(prompt));
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line ? `${line} ${word}` : word).length > max && line) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1].slice(0, max - 1)}…`;
  }
  return out;
}

/** Writes the described person on the picture, saying it is a preview. */
export async function captionCustomModel(canvas: Rgb, description: string): Promise<Rgb> {
  const lines = wrap(description, 44, 3);
  const h = 64 + lines.length * 34;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}">
    <rect x="32" y="32" width="${canvas.width - 64}" height="${h}" rx="16" fill="#ffffff" fill-opacity="0.86"/>
    <text x="56" y="74" font-family="sans-serif" font-size="24" font-weight="700" fill="#3b3b45">Custom model preview (local renderer)</text>
    ${lines
      .map(
        (l, n) =>
          `<text x="56" y="${112 + n * 34}" font-family="sans-serif" font-size="26" fill="#1f1f27">${escapeXml(l)}</text>`,
      )
      .join('')}
  </svg>`;
  const data = await sharp(canvas.data, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width: canvas.width, height: canvas.height };
}

/** The picture at FASHN's resolution (the figures are drawn at 1k; 4k is scaled up). */
export async function atResolution(canvas: Rgb, resolution: FashnResolution): Promise<Buffer> {
  const size = RESOLUTION_SIZES[resolution];
  if (canvas.width === size.width && canvas.height === size.height) return encodePng(canvas, 3);
  const data = await sharp(canvas.data, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return encodePng({ data, width: size.width, height: size.height }, 3);
}

export interface ProductToModelInput {
  figure: Figure;
  product: Buffer;
  prompt: string;
  background: Rgb;
  /** the described person, when there was no model image */
  customDescription: string | null;
  resolution: FashnResolution;
}

export interface ProductToModelResult {
  png: Buffer;
  subject: Rgba;
  category: GarmentCategory;
  width: number;
  height: number;
}

export async function renderProductToModel(input: ProductToModelInput): Promise<ProductToModelResult> {
  const tryon = await wornSubject({
    figure: input.figure,
    garment: input.product,
    category: categoryFromPrompt(input.prompt),
    onMannequin: mannequinFromPrompt(input.prompt),
  });
  let canvas = await composeOnModelCanvas(tryon.subject, input.background);
  if (input.customDescription) canvas = await captionCustomModel(canvas, input.customDescription);
  const size = RESOLUTION_SIZES[input.resolution];
  return {
    png: await atResolution(canvas, input.resolution),
    subject: tryon.subject,
    category: tryon.category,
    ...size,
  };
}
