// The one small interface every generation provider implements, and the jobs it is given.
//
// A provider is asked to START work (submit…) and answers with a handle at once; the work
// finishes later and is found by polling the handle or through a callback the provider
// posts. Nothing here waits for a render to finish. The handle is what the engine stores
// (images.provider_job_id, projects.video_provider_job_id, tool_jobs.provider_job_id):
// '<provider>:<stage>:<id>'.
//
// Inputs are URLs the engine made: short-lived signed URLs of the seller's own storage
// objects, catalogue URLs, and the signed callback URL. A provider never sees a URL a
// client wrote.
import type { ModelView, PersonSpec } from './person.ts';

/** The wizard's garment types of a flat-lay or mannequin photo. */
export type GarmentType = 'top' | 'bottom' | 'full';

/** A plan's resolution (plans.resolution): HD 1024×1536, 2K long side 2048, 4K long side 4096. */
export type Resolution = 'HD' | '2K' | '4K';

/** The long side, in pixels, of a result at each resolution (2:3 portrait: 1024×1536, 1365×2048, 2731×4096). */
export const RESOLUTION_LONG_SIDE: Record<Resolution, number> = { HD: 1536, '2K': 2048, '4K': 4096 };

/** What the engine claims from the database for one generated image (see claim_dispatch_work). */
export interface ImageJob {
  kind: 'image';
  image_id: string;
  project_id: string;
  user_id: string;
  attempt: number;
  project_type: 'on-model' | 'flat-lay' | 'mannequin';
  project_name: string;
  /** object name of the product photo in bucket 'uploads' */
  product_path: string;
  /** flat-lay and mannequin: what the seller said this product photo shows (the wizard's garment type) */
  garment_type: GarmentType | null;
  pose: { id: number; name: string; prompt: string | null };
  model:
    | { id: 9999; custom: true; description: string; gender: string }
    | {
        id: number;
        custom: false;
        name: string;
        slug: string;
        gender: string;
        description: string;
        /** the catalogue photo of this model in this pose, '/catalogue/models/<slug>/0N.webp';
         *  for a saved model (saved_model_id) its picture in this pose, an object of bucket 'seller-models' */
        pose_image_path: string;
        /** a seller's saved model (52_seller_models): its pictures are private objects */
        saved_model_id?: string | null;
      };
  background:
    | { id: 9999; custom: true; description: string }
    | {
        id: number;
        custom: false;
        name: string;
        image_path: string | null;
        blurred_image_path: string | null;
        keeps_original: boolean;
        prompt: string;
      };
  background_blurred: boolean;
  plan: string;
  /** the plan's results carry a watermark (free plan) */
  watermark: boolean;
  /** decided from the plan when the image was charged (images.resolution) */
  resolution: Resolution;
  credits_remaining: number;
  email: string | null;
  /** the handle of the provider work in progress, when polling or on a callback */
  provider_job_id: string | null;
}

export interface VideoJob {
  kind: 'video';
  project_id: string;
  user_id: string;
  attempt: number;
  project_name: string;
  style: { id: string; name: string | null; prompt: string };
  custom_description: string | null;
  /** the finished image the clip is made from: object name in bucket 'generated' */
  image_path: string;
  image_id: string;
  email: string | null;
  provider_job_id: string | null;
}

export interface ToolJob {
  kind: 'tool';
  job_id: string;
  user_id: string;
  tool: 'background-remover' | 'model-creator';
  attempt: number;
  /** background removal: the seller's photo in bucket 'tool-images'; model creator: the model's
   *  front view in bucket 'seller-models' (the face reference of the back and side views) */
  input_path: string;
  /** model creator: the person, the seed and the view this job makes */
  seller_model?: SellerModelView | null;
  email: string | null;
  provider_job_id: string | null;
}

/** One view of a seller's saved model to make. */
export interface SellerModelView extends PersonSpec {
  id: string;
  view: ModelView;
  seed: number;
}

export type EngineJob = ImageJob | VideoJob | ToolJob;

/** URLs the engine made for one submission. */
export interface ImageInputs {
  /** signed URL of the product photo (bucket uploads), valid for minutes */
  productUrl: string;
  /** absolute URL of the model's catalogue photo in the chosen pose; null for a custom model */
  modelImageUrl: string | null;
  /** absolute URL of the background image (the blurred one when asked); null for Original or custom */
  backgroundImageUrl: string | null;
  /** where the provider posts the outcome (signed); null when callbacks are off */
  callbackUrl: string | null;
}

export interface VideoInputs {
  /** signed URL of the finished image (bucket generated) */
  imageUrl: string;
  callbackUrl: string | null;
}

export interface ToolInputs {
  /** signed URL of the seller's photo (bucket tool-images) */
  imageUrl: string;
  callbackUrl: string | null;
}

export interface ModelViewInputs {
  /** back and side views: signed URL of the model's front view (bucket seller-models); null for the front */
  faceReferenceUrl: string | null;
  callbackUrl: string | null;
}

export type JobInputs = ImageInputs | VideoInputs | ToolInputs | ModelViewInputs;

/** Why work did not finish: retried later, given up (refund), or refused by content rules (refund). */
export type FailureKind = 'transient' | 'permanent' | 'rejected';

export interface Failure {
  kind: FailureKind;
  message: string;
  /** the provider's error name (ImageLoadError, ContentModerationError, HTTP 503…) */
  code?: string;
}

export type Progress =
  | { state: 'running' }
  | { state: 'completed'; outputs: string[] }
  | { state: 'failed'; failure: Failure };

export interface Submitted {
  handle: string;
  /** an answer that came with the submission itself (a workflow that answers at once) */
  progress?: Progress;
}

export interface Provider {
  readonly name: string;
  submitOnModel(job: ImageJob, inputs: ImageInputs): Promise<Submitted>;
  /** a product photo with no person in it (flat-lay, mannequin) dressed on the chosen model */
  submitFlatLay(job: ImageJob, inputs: ImageInputs): Promise<Submitted>;
  submitBackgroundRemoval(job: ToolJob, inputs: ToolInputs): Promise<Submitted>;
  submitVideo(job: VideoJob, inputs: VideoInputs): Promise<Submitted>;
  /** one view of a seller's saved model (a 'model-creator' tool job) */
  submitModelView(
    job: ToolJob & { seller_model: SellerModelView },
    inputs: ModelViewInputs,
  ): Promise<Submitted>;
  /** Where the work behind `handle` stands. Only reads: it never starts work. */
  poll(handle: string, job: EngineJob): Promise<Progress>;
  /**
   * A callback the provider posted for `handle` (its signature already checked by the
   * engine), as progress. Only reads. Throws CallbackMismatch when the body is about other
   * work than `handle`.
   */
  parseCallback(handle: string, body: unknown, job: EngineJob): Promise<Progress>;
}

/** A provider call that failed before any work was accepted (HTTP 5xx, 429, network, refusal). */
export class ProviderError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = 'ProviderError';
  }
}

/** A callback whose body names other work than the handle it was signed for. */
export class CallbackMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallbackMismatch';
  }
}

/** fetch as providers use it (injected so tests can answer for the network). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
