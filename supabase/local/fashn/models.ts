// The model names this endpoint implements: what each accepts (checked when the prediction
// is submitted: a bad request is a 400, as on FASHN) and how the preview renderer makes its
// output.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ApiError, PredictionError } from './errors.ts';
import { resolveInput, type InputEnv, type InputImage } from './inputs.ts';
import type { OutputFile, OutputStore } from './outputs.ts';
import { changeBackgroundOf, composeOnModel, removeBackground } from './render/background.ts';
import { renderEdit } from './render/edit.ts';
import { catalogueFigure, photoFigure } from './render/figures.ts';
import type { GarmentCategory } from './render/garment.ts';
import { decodeRgba, encodePng, PREVIEW_TEXT, type Rgb, type Rgba, withPngText } from './render/raster.ts';
import {
  backgroundFromPrompt,
  neutralFigure,
  neutralFigureSlug,
  personFromPrompt,
  poseFromPrompt,
  renderProductToModel,
  type FashnResolution,
} from './render/product-to-model.ts';
import { backgroundRaster, promptBackdropSvg, studioBackdrop } from './render/scene.ts';
import { renderModelCreate } from './render/model-create.ts';
import { renderTryon } from './render/tryon.ts';
import { moveForPrompt, renderVideo } from './render/video.ts';

export const MODEL_NAMES = [
  'product-to-model',
  'tryon-v1.6',
  'background-change',
  'background-remove',
  'image-to-video',
  'edit',
  'model-create',
] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

export interface RenderOutput {
  files: OutputFile[];
  subject?: Rgba;
  details?: Record<string, unknown>;
}

export interface RenderEnv extends InputEnv {
  store: OutputStore;
}

type Inputs = Record<string, unknown>;

const bad = (message: string) => new ApiError(400, 'BadRequest', message);

function requireString(inputs: Inputs, name: string) {
  const v = inputs[name];
  if (typeof v !== 'string' || v.trim() === '')
    throw bad(`inputs.${name} is required (an image URL or a base64 data URL)`);
}

function optionalString(inputs: Inputs, name: string) {
  if (inputs[name] !== undefined && inputs[name] !== null && typeof inputs[name] !== 'string')
    throw bad(`inputs.${name} must be a string`);
}

function oneOf(inputs: Inputs, name: string, allowed: readonly unknown[]) {
  const v = inputs[name];
  if (v !== undefined && v !== null && !allowed.includes(v))
    throw bad(`inputs.${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
}

/** Throws ApiError 400 when the request cannot be run. */
export function validate(model: unknown, inputs: unknown): asserts inputs is Inputs {
  if (typeof model !== 'string' || !(MODEL_NAMES as readonly string[]).includes(model)) {
    throw bad(`model_name must be one of ${MODEL_NAMES.join(', ')}`);
  }
  if (!inputs || typeof inputs !== 'object' || Array.isArray(inputs)) throw bad('inputs must be an object');
  const i = inputs as Inputs;
  switch (model as ModelName) {
    case 'product-to-model':
      requireString(i, 'product_image');
      optionalString(i, 'model_image');
      optionalString(i, 'image_prompt');
      optionalString(i, 'prompt');
      oneOf(i, 'aspect_ratio', ['1:1', '2:3', '3:4', '4:5', '5:4', '4:3', '3:2', '16:9', '9:16']);
      oneOf(i, 'resolution', ['1k', '4k']);
      oneOf(i, 'output_format', ['png', 'jpeg']);
      checkSeed(i);
      break;
    case 'tryon-v1.6':
      requireString(i, 'model_image');
      requireString(i, 'garment_image');
      oneOf(i, 'category', ['auto', 'tops', 'bottoms', 'one-pieces']);
      oneOf(i, 'mode', ['performance', 'balanced', 'quality']);
      oneOf(i, 'garment_photo_type', ['auto', 'flat-lay', 'model']);
      oneOf(i, 'output_format', ['png', 'jpeg']);
      break;
    case 'background-change':
      requireString(i, 'image');
      optionalString(i, 'background_image');
      optionalString(i, 'background_prompt');
      optionalString(i, 'prompt');
      if (!i.background_image && !i.background_prompt && !i.prompt) {
        throw bad('inputs.background_image or inputs.prompt (background_prompt) is required');
      }
      oneOf(i, 'blur', [true, false]);
      break;
    case 'background-remove':
      requireString(i, 'image');
      break;
    case 'image-to-video':
      requireString(i, 'image');
      optionalString(i, 'prompt');
      oneOf(i, 'duration', [5, 10]);
      break;
    case 'edit':
      // FASHN's reference (docs.fashn.ai/api-reference/edit): image and prompt required; mask
      // (same size as the image: checked when it is read) and image_context optional
      requireString(i, 'image');
      if (typeof i.prompt !== 'string' || i.prompt.trim() === '') throw bad('inputs.prompt is required');
      optionalString(i, 'mask');
      optionalString(i, 'image_context');
      oneOf(i, 'resolution', ['1k', '2k', '4k']);
      oneOf(i, 'generation_mode', ['fast', 'balanced', 'quality']);
      oneOf(i, 'output_format', ['png', 'jpeg']);
      oneOf(i, 'return_base64', [true, false]);
      checkSeed(i);
      break;
    case 'model-create':
      if (typeof i.prompt !== 'string' || i.prompt.trim() === '') throw bad('inputs.prompt is required');
      optionalString(i, 'image_reference');
      optionalString(i, 'face_reference');
      oneOf(i, 'face_reference_mode', ['match_base', 'match_reference']);
      oneOf(i, 'aspect_ratio', ['1:1', '2:3', '3:4', '4:5', '5:4', '4:3', '3:2', '16:9', '9:16']);
      oneOf(i, 'output_format', ['png', 'jpeg']);
      oneOf(i, 'resolution', ['1k']);
      if (i.face_reference && i.resolution !== undefined && i.resolution !== '1k')
        throw bad('inputs.face_reference is only available at resolution 1k');
      checkSeed(i);
      break;
  }
}

function checkSeed(i: Inputs) {
  if (
    i.seed !== undefined &&
    (!Number.isInteger(i.seed) || (i.seed as number) < 0 || (i.seed as number) > 2 ** 32 - 1)
  )
    throw bad('inputs.seed must be an integer between 0 and 2^32-1');
}

/** The moderation stand-in: the magic word "__reject__" in any text or URL input. */
function moderate(inputs: Inputs) {
  for (const v of Object.values(inputs)) {
    if (typeof v === 'string' && v.includes('__reject__')) {
      throw new PredictionError(
        'ContentModerationError',
        'Prohibited content detected in the inputs (simulated by the local preview renderer)',
      );
    }
  }
}

/** Background slugs of the catalogue, matched in a background prompt. */
const BACKGROUND_WORDS: [RegExp, string][] = [
  [/studio|white|plain/i, 'studio-white'],
  [/urban|street|city/i, 'urban-street'],
  [/santorini|greek island|aegean/i, 'santorini'],
  [/villa|pool/i, 'villa-pool'],
  [/beverly|hills|palm/i, 'beverly-hills'],
  [/spain|spanish|seville|andalus/i, 'spain'],
  [/loft|industrial|brick/i, 'loft'],
  [/beach|sea|sand|coast/i, 'beach'],
];

async function loadBackground(i: Inputs, env: RenderEnv): Promise<{ raster: Rgb; source: string }> {
  const blur = i.blur === true;
  if (typeof i.background_image === 'string' && i.background_image) {
    const bg = resolveInput(i.background_image, env);
    // the catalogue ships a blurred variant; blurring it again would only soften it more
    const alreadyBlurred = /-blurred(\.w\d+)?\.\w+$/.test(bg.key);
    return {
      raster: await backgroundRaster(bg.key, () => bg.bytes(), blur && !alreadyBlurred),
      source: bg.label,
    };
  }
  const prompt = String(i.background_prompt ?? i.prompt ?? '');
  const slug = BACKGROUND_WORDS.find(([re]) => re.test(prompt))?.[1];
  if (slug) {
    const file = path.join(env.publicDir, 'catalogue', 'backgrounds', `${slug}.webp`);
    if (existsSync(file)) {
      const bg = resolveInput(new URL(`/catalogue/backgrounds/${slug}.webp`, env.selfUrl).href, env);
      return { raster: await backgroundRaster(bg.key, () => bg.bytes(), blur), source: `catalogue:${slug}` };
    }
  }
  return {
    raster: await backgroundRaster(`prompt:${prompt}`, async () => promptBackdropSvg(prompt), blur),
    source: 'prompt',
  };
}

async function subjectOf(image: InputImage, env: RenderEnv): Promise<Rgba | null> {
  return image.ref.kind === 'own-output' ? env.store.subject(image.ref.id) : null;
}

/** product-to-model's background: the inspiration image, else what the prompt describes. */
async function productBackground(i: Inputs, env: RenderEnv): Promise<{ raster: Rgb; source: string }> {
  const prompt = typeof i.prompt === 'string' ? i.prompt : '';
  const wanted = backgroundFromPrompt(prompt);
  if (typeof i.image_prompt === 'string' && i.image_prompt)
    return loadBackground({ background_image: i.image_prompt, blur: wanted.blur }, env);
  if (wanted.text) return loadBackground({ prompt: wanted.text, blur: wanted.blur }, env);
  return { raster: await studioBackdrop(), source: 'studio' };
}

export async function render(model: ModelName, i: Inputs, env: RenderEnv): Promise<RenderOutput> {
  moderate(i);
  switch (model) {
    case 'product-to-model': {
      const prompt = typeof i.prompt === 'string' ? i.prompt : '';
      const product = resolveInput(i.product_image as string, env);
      const modelImage =
        typeof i.model_image === 'string' && i.model_image ? resolveInput(i.model_image, env) : null;
      const ref = modelImage?.ref;
      const custom = modelImage === null;
      const [figure, productBytes, bg] = await Promise.all([
        modelImage === null
          ? catalogueFigure(neutralFigureSlug(prompt), poseFromPrompt(prompt)).then(neutralFigure)
          : ref?.kind === 'catalogue-model'
            ? catalogueFigure(ref.slug, ref.pose)
            : modelImage.bytes().then(photoFigure),
        product.bytes(),
        productBackground(i, env),
      ]);
      const resolution: FashnResolution = i.resolution === '4k' ? '4k' : '1k';
      const r = await renderProductToModel({
        figure,
        product: productBytes,
        prompt,
        background: bg.raster,
        customDescription: custom ? personFromPrompt(prompt) : null,
        resolution,
      });
      // (the subject is not kept: a product-to-model result is Drape's final picture)
      return {
        files: [{ bytes: r.png, ext: 'png' }],
        details: {
          category: r.category,
          figure: custom
            ? `neutral:${neutralFigureSlug(prompt)}/${poseFromPrompt(prompt)}`
            : ref?.kind === 'catalogue-model'
              ? `${ref.slug}/${ref.pose}`
              : figure.kind,
          background: bg.source,
          resolution,
          size: `${r.width}x${r.height}`,
          ...(custom ? { description: personFromPrompt(prompt) } : {}),
        },
      };
    }
    case 'tryon-v1.6': {
      const modelImage = resolveInput(i.model_image as string, env);
      const garment = resolveInput(i.garment_image as string, env);
      const ref = modelImage.ref;
      const [figure, garmentBytes] = await Promise.all([
        ref.kind === 'catalogue-model'
          ? catalogueFigure(ref.slug, ref.pose)
          : modelImage.bytes().then(photoFigure),
        garment.bytes(),
      ]);
      const r = await renderTryon({
        figure,
        garment: garmentBytes,
        category: (i.category as GarmentCategory | 'auto' | undefined) ?? 'auto',
      });
      return {
        files: [{ bytes: r.png, ext: 'png' }],
        subject: r.subject,
        details: {
          category: r.category,
          figure: ref.kind === 'catalogue-model' ? `${ref.slug}/${ref.pose}` : figure.kind,
        },
      };
    }
    case 'background-change': {
      const image = resolveInput(i.image as string, env);
      const [subject, bg] = await Promise.all([subjectOf(image, env), loadBackground(i, env)]);
      if (subject) {
        return {
          files: [{ bytes: await composeOnModel(subject, bg.raster), ext: 'png' }],
          details: { placement: 'on-model', alpha: 'saved', background: bg.source },
        };
      }
      const r = await changeBackgroundOf(await image.bytes(), bg.raster);
      return {
        files: [{ bytes: r.png, ext: 'png' }],
        details: { placement: r.placement, alpha: 'keyed', background: bg.source },
      };
    }
    case 'background-remove': {
      const image = resolveInput(i.image as string, env);
      const subject = await subjectOf(image, env);
      const png = subject ? await encodePng(subject, 4) : await removeBackground(await image.bytes());
      return { files: [{ bytes: png, ext: 'png' }], details: { alpha: subject ? 'saved' : 'keyed' } };
    }
    case 'model-create': {
      // the face reference must load, as on FASHN; the drawing keeps the person from the words
      if (typeof i.face_reference === 'string' && i.face_reference)
        await resolveInput(i.face_reference, env).bytes();
      const seed = typeof i.seed === 'number' ? i.seed : 42;
      const r = await renderModelCreate(i.prompt as string, seed);
      return {
        // marked a preview like every other result (an import tells it from a photo by this)
        files: [{ bytes: withPngText(r.png, PREVIEW_TEXT), ext: 'png' }],
        details: { look: r.look.slug, pose: r.pose, seed, faceReference: Boolean(i.face_reference) },
      };
    }
    case 'image-to-video': {
      const image = resolveInput(i.image as string, env);
      const prompt = typeof i.prompt === 'string' ? i.prompt : undefined;
      const seconds = i.duration === 10 ? 10 : 5;
      const clip = await renderVideo(await image.bytes(), prompt, seconds);
      return { files: [{ bytes: clip, ext: 'webm' }], details: { move: moveForPrompt(prompt), seconds } };
    }
    case 'edit': {
      // the picture at its own size (outside the mask it comes back unchanged); the output is
      // a PNG and a URL whatever output_format and return_base64 ask
      const image = resolveInput(i.image as string, env);
      const mask = typeof i.mask === 'string' && i.mask ? resolveInput(i.mask, env) : null;
      const [picture, maskPicture] = await Promise.all([
        image.bytes().then((b) => decodeRgba(b)),
        mask ? mask.bytes().then((b) => decodeRgba(b)) : null,
      ]);
      const r = renderEdit(picture, maskPicture);
      return {
        files: [{ bytes: await encodePng(r.image, 4), ext: 'png' }],
        details: {
          region: r.region,
          changed: r.changed,
          fill: r.fill,
          prompt: i.prompt,
          size: `${picture.width}x${picture.height}`,
        },
      };
    }
  }
}
