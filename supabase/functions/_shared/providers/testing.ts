// Test helpers for the provider adapters (unit tests only): sample jobs as the database
// hands them out, and a fetch that records requests and answers from a script.
import type { Fetch, ImageInputs, ImageJob, ToolJob, VideoJob } from './types.ts';

export function sampleImageJob(overrides: Partial<ImageJob> = {}): ImageJob {
  return {
    kind: 'image',
    image_id: '11111111-1111-4111-8111-111111111111',
    project_id: '22222222-2222-4222-8222-222222222222',
    user_id: '33333333-3333-4333-8333-333333333333',
    attempt: 1,
    project_type: 'on-model',
    project_name: 'Summer Dress',
    product_path: '33333333-3333-4333-8333-333333333333/1700000000000-dress.png',
    garment_type: null,
    pose: { id: 2, name: 'Back View', prompt: 'backview looking over the shoulder' },
    model: {
      id: 1,
      custom: false,
      name: 'Sofia',
      slug: 'sofia',
      gender: 'women',
      description: 'young woman, long dark brown hair, olive skin',
      pose_image_path: '/catalogue/models/sofia/02.webp',
    },
    background: {
      id: 4,
      custom: false,
      name: 'Beach',
      image_path: '/catalogue/backgrounds/beach.webp',
      blurred_image_path: '/catalogue/backgrounds/beach-blurred.webp',
      keeps_original: false,
      prompt: 'sandy beach by the sea',
    },
    background_blurred: false,
    plan: 'free',
    watermark: true,
    resolution: 'HD',
    credits_remaining: 1,
    email: 'seller@example.test',
    provider_job_id: null,
    ...overrides,
  };
}

export function sampleInputs(overrides: Partial<ImageInputs> = {}): ImageInputs {
  return {
    productUrl: 'https://project.supabase.co/storage/v1/object/sign/uploads/u/dress.png?token=t',
    modelImageUrl: 'https://drape.example/catalogue/models/sofia/02.webp',
    backgroundImageUrl: 'https://drape.example/catalogue/backgrounds/beach.webp',
    callbackUrl: 'https://project.supabase.co/functions/v1/provider-callback?k=image&id=1&a=1&e=1&s=sig',
    ...overrides,
  };
}

export function sampleVideoJob(overrides: Partial<VideoJob> = {}): VideoJob {
  return {
    kind: 'video',
    project_id: '22222222-2222-4222-8222-222222222222',
    user_id: '33333333-3333-4333-8333-333333333333',
    attempt: 1,
    project_name: 'Summer Dress',
    style: { id: 'zoom-in', name: 'Zoom In', prompt: 'slow camera zoom in on the garment' },
    custom_description: null,
    image_path:
      '33333333-3333-4333-8333-333333333333/22222222-2222-4222-8222-222222222222/11111111-1111-4111-8111-111111111111.png',
    image_id: '11111111-1111-4111-8111-111111111111',
    email: 'seller@example.test',
    provider_job_id: null,
    ...overrides,
  };
}

export function sampleToolJob(overrides: Partial<ToolJob> = {}): ToolJob {
  return {
    kind: 'tool',
    job_id: '44444444-4444-4444-8444-444444444444',
    user_id: '33333333-3333-4333-8333-333333333333',
    tool: 'background-remover',
    attempt: 1,
    input_path: '33333333-3333-4333-8333-333333333333/photo.png',
    email: 'seller@example.test',
    provider_job_id: null,
    ...overrides,
  };
}

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers with the next scripted response. */
export function scriptedFetch(
  answers: (Response | Error | ((req: Recorded) => Response))[],
): Fetch & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  const fn = (async (input: string, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const text = typeof init?.body === 'string' ? init.body : null;
    const rec: Recorded = {
      url: input,
      method: init?.method ?? 'GET',
      headers,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(rec);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${rec.method} ${rec.url}`);
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(rec) : next;
  }) as Fetch & { calls: Recorded[] };
  fn.calls = calls;
  return fn;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
