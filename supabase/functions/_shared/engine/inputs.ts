// The URLs a provider is given for one job: short-lived signed URLs of the seller's own
// objects, catalogue URLs, and the signed callback URL. Never a URL a client wrote.
import {
  type EngineJob,
  type ImageInputs,
  type ImageJob,
  type JobInputs,
  type ModelViewInputs,
  ProviderError,
  type ToolInputs,
  type ToolJob,
  type VideoInputs,
  type VideoJob,
} from '../providers/types.ts';
import { type JobKind, signCallbackUrl } from './callback-url.ts';
import type { EngineContext } from './context.ts';

export const kindOf = (job: EngineJob): JobKind => job.kind;
export const idOf = (job: EngineJob): string =>
  job.kind === 'image' ? job.image_id : job.kind === 'video' ? job.project_id : job.job_id;

/** The signed URL the provider posts this attempt's outcome to; null when callbacks are off. */
export async function callbackUrlFor(ctx: EngineContext, job: EngineJob): Promise<string | null> {
  const { config, callbackSecret } = ctx;
  if (!config.callbackBaseUrl || !callbackSecret) return null;
  const expires = Math.floor(ctx.now() / 1000) + config.deadlineSeconds + 86_400;
  return signCallbackUrl(
    config.callbackBaseUrl,
    callbackSecret,
    { kind: kindOf(job), id: idOf(job), attempt: job.attempt },
    expires,
  );
}

/** An absolute catalogue URL for a path of the app's catalogue. */
export function catalogueUrl(ctx: EngineContext, path: string | null | undefined): string | null {
  return path ? `${ctx.config.catalogueBaseUrl}${path.startsWith('/') ? '' : '/'}${path}` : null;
}

export async function imageInputs(ctx: EngineContext, job: ImageJob): Promise<ImageInputs> {
  const bg = job.background;
  const [productUrl, callbackUrl] = await Promise.all([
    ctx.store.signedUrl('uploads', job.product_path, ctx.config.signedUrlSeconds),
    callbackUrlFor(ctx, job),
  ]);
  return {
    productUrl,
    // a custom model has no photo: the provider is given the seller's description; a saved
    // model's picture is the seller's own object, signed like the product photo
    modelImageUrl: job.model.custom
      ? null
      : job.model.saved_model_id
        ? await ctx.store.signedUrl('seller-models', job.model.pose_image_path, ctx.config.signedUrlSeconds)
        : catalogueUrl(ctx, job.model.pose_image_path),
    backgroundImageUrl:
      bg.custom || bg.keeps_original
        ? null
        : catalogueUrl(
            ctx,
            job.background_blurred && bg.blurred_image_path ? bg.blurred_image_path : bg.image_path,
          ),
    callbackUrl,
  };
}

export async function videoInputs(ctx: EngineContext, job: VideoJob): Promise<VideoInputs> {
  if (!job.image_path)
    throw new ProviderError({
      kind: 'permanent',
      code: 'NoImage',
      message: 'the project has no finished image to animate',
    });
  const [imageUrl, callbackUrl] = await Promise.all([
    ctx.store.signedUrl('generated', job.image_path, ctx.config.signedUrlSeconds),
    callbackUrlFor(ctx, job),
  ]);
  return { imageUrl, callbackUrl };
}

export async function toolInputs(ctx: EngineContext, job: ToolJob): Promise<ToolInputs> {
  const [imageUrl, callbackUrl] = await Promise.all([
    ctx.store.signedUrl('tool-images', job.input_path, ctx.config.signedUrlSeconds),
    callbackUrlFor(ctx, job),
  ]);
  return { imageUrl, callbackUrl };
}

/** A saved model's view: the back and side views get the front one as their face reference. */
export async function modelViewInputs(ctx: EngineContext, job: ToolJob): Promise<ModelViewInputs> {
  const front = job.seller_model?.view === 'front';
  const [faceReferenceUrl, callbackUrl] = await Promise.all([
    front ? null : ctx.store.signedUrl('seller-models', job.input_path, ctx.config.signedUrlSeconds),
    callbackUrlFor(ctx, job),
  ]);
  return { faceReferenceUrl, callbackUrl };
}

export function inputsFor(ctx: EngineContext, job: EngineJob): Promise<JobInputs> {
  return job.kind === 'image'
    ? imageInputs(ctx, job)
    : job.kind === 'video'
      ? videoInputs(ctx, job)
      : job.tool === 'model-creator'
        ? modelViewInputs(ctx, job)
        : toolInputs(ctx, job);
}
