// The wizard's server data: the catalogue (models with their media, poses, backgrounds —
// reference data, read rarely and kept for offline use by the persisted query cache), what a
// generation costs (quote_generation), and starting it (start_generation). Data helpers take
// the client first and throw the server's error.
import { queryOptions } from '@tanstack/react-query';
import { type CreditQuote, readCreditQuote } from '../../lib/credit-quote.ts';
import { currentLocale } from '../../lib/i18n.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { CUSTOM_ID, customText, type Draft, type Gender } from './model/draft.ts';
import { poseCount, productCount } from './model/rules.ts';
import { takesGarmentType, type Flow } from './model/steps.ts';

export interface CatalogueModel {
  id: number;
  gender: Gender;
  slug: string;
  name: string;
  nameEl: string;
  ageRange: string;
  isNew: boolean;
  imagePath: string;
}

export interface ModelMedia {
  position: number;
  kind: 'image' | 'video';
  path: string;
}

export interface CataloguePose {
  gender: Gender;
  id: number;
  slug: string;
  name: string;
  nameEl: string;
  description: string;
  descriptionEl: string;
  imagePath: string;
}

export interface CatalogueBackground {
  id: number;
  slug: string;
  name: string;
  nameEl: string;
  type: string;
  typeEl: string;
  imagePath: string | null;
  blurredImagePath: string | null;
  keepsOriginal: boolean;
  onModel: boolean;
  flatLay: boolean;
}

export interface GenerationQuote extends CreditQuote {
  suggestedName: string;
}

const HOUR = 60 * 60_000;

export const catalogueKeys = {
  all: ['catalogue'] as const,
  models: () => [...catalogueKeys.all, 'models'] as const,
  media: (modelId: number) => [...catalogueKeys.all, 'media', modelId] as const,
  poses: () => [...catalogueKeys.all, 'poses'] as const,
  backgrounds: () => [...catalogueKeys.all, 'backgrounds'] as const,
};

export const wizardKeys = {
  all: ['wizard'] as const,
  quote: (userId: string, flow: Flow, products: number, poses: number, locale: string = currentLocale()) =>
    [...wizardKeys.all, 'quote', userId, flow, products, poses, locale] as const,
};

const asGender = (g: string): Gender => (g === 'men' ? 'men' : 'women');

/** The Greek text of a catalogue row, or its English when a row has none. */
const greek = (el: string | null | undefined, english: string): string => el || english;

export async function fetchModels(client: AppSupabaseClient): Promise<CatalogueModel[]> {
  const { data, error } = await client
    .from('models')
    .select('id, gender, slug, name, name_el, age_range, is_new, image_path, sort_order')
    .order('gender', { ascending: false })
    .order('sort_order');
  if (error) throw error;
  return data.map((m) => ({
    id: m.id,
    gender: asGender(m.gender),
    slug: m.slug,
    name: m.name,
    nameEl: greek(m.name_el, m.name),
    ageRange: m.age_range,
    isNew: m.is_new,
    imagePath: m.image_path,
  }));
}

export async function fetchModelMedia(client: AppSupabaseClient, modelId: number): Promise<ModelMedia[]> {
  const { data, error } = await client
    .from('model_media')
    .select('position, kind, path')
    .eq('model_id', modelId)
    .order('position');
  if (error) throw error;
  return data.map((m) => ({
    position: m.position,
    kind: m.kind === 'video' ? 'video' : 'image',
    path: m.path,
  }));
}

export async function fetchPoses(client: AppSupabaseClient): Promise<CataloguePose[]> {
  const { data, error } = await client
    .from('poses')
    .select('gender, id, slug, name, name_el, description, description_el, image_path')
    .order('sort_order');
  if (error) throw error;
  return data.map((p) => ({
    gender: asGender(p.gender),
    id: p.id,
    slug: p.slug,
    name: p.name,
    nameEl: greek(p.name_el, p.name),
    description: p.description,
    descriptionEl: greek(p.description_el, p.description),
    imagePath: p.image_path,
  }));
}

export async function fetchBackgrounds(client: AppSupabaseClient): Promise<CatalogueBackground[]> {
  const { data, error } = await client
    .from('backgrounds')
    .select(
      'id, slug, name, name_el, type, type_el, image_path, blurred_image_path, keeps_original, on_model, flat_lay',
    )
    .order('sort_order');
  if (error) throw error;
  return data.map((b) => ({
    id: b.id,
    slug: b.slug,
    name: b.name,
    nameEl: greek(b.name_el, b.name),
    type: b.type,
    typeEl: greek(b.type_el, b.type),
    imagePath: b.image_path,
    blurredImagePath: b.blurred_image_path,
    keepsOriginal: b.keeps_original,
    onModel: b.on_model,
    flatLay: b.flat_lay,
  }));
}

// Reference data: fresh for an hour, kept (and persisted for offline use) for as long as the
// query cache keeps anything.
export const modelsQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({ queryKey: catalogueKeys.models(), queryFn: () => fetchModels(client), staleTime: HOUR });
export const modelMediaQueryOptions = (client: AppSupabaseClient, modelId: number) =>
  queryOptions({
    queryKey: catalogueKeys.media(modelId),
    queryFn: () => fetchModelMedia(client, modelId),
    staleTime: HOUR,
  });
export const posesQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({ queryKey: catalogueKeys.poses(), queryFn: () => fetchPoses(client), staleTime: HOUR });
export const backgroundsQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({
    queryKey: catalogueKeys.backgrounds(),
    queryFn: () => fetchBackgrounds(client),
    staleTime: HOUR,
  });

export async function fetchGenerationQuote(
  client: AppSupabaseClient,
  flow: Flow,
  products: number,
  poses: number,
): Promise<GenerationQuote> {
  const { data, error } = await client.rpc('quote_generation', {
    project_type: flow,
    product_count: products,
    pose_count: poses,
    // the suggested name is in the language on screen (the server numbers it)
    locale: currentLocale(),
  });
  if (error) throw error;
  return {
    ...readCreditQuote(data),
    suggestedName: String((data as { suggestedName?: unknown }).suggestedName),
  };
}

export const generationQuoteQueryOptions = (client: AppSupabaseClient, userId: string, draft: Draft) => {
  const products = productCount(draft);
  const poses = poseCount(draft);
  return queryOptions({
    queryKey: wizardKeys.quote(userId, draft.flow, products, poses),
    queryFn: () => fetchGenerationQuote(client, draft.flow, products, poses),
    enabled: products > 0 && poses > 0,
    staleTime: 0,
  });
};

/** The arguments of start_generation for a finished draft (photos uploaded). */
export function generationArgs(draft: Draft, backgroundBlurred: boolean) {
  // a draft saved before the one-line rule may hold a line break: sent as the server takes it
  const saved = draft.sellerModelId;
  const customModel =
    !saved && draft.modelId === CUSTOM_ID && draft.customModel ? customText(draft.customModel) : null;
  const customBackground =
    draft.backgroundId === CUSTOM_ID && draft.customBackground ? customText(draft.customBackground) : null;
  return {
    project_type: draft.flow,
    product_paths: draft.photos.map((p) => p.upload.path ?? ''),
    pose_ids: draft.poseId === null ? [] : [draft.poseId],
    // a saved model of the seller's own, or a catalogue / custom model
    seller_model_id: saved ?? undefined,
    model_id: saved ? undefined : (draft.modelId ?? undefined),
    background_id: draft.backgroundId ?? undefined,
    background_blurred: backgroundBlurred,
    custom_model: customModel ?? undefined,
    custom_background: customBackground ?? undefined,
    project_name: draft.projectName ?? undefined,
    garment_types: takesGarmentType(draft.flow) ? draft.photos.map((p) => p.garmentType ?? '') : undefined,
    // an unnamed project is named in the language on screen ('Έργο χωρίς τίτλο' in Greek)
    locale: currentLocale(),
  };
}

export interface StartedProject {
  id: string;
  name: string;
}

export async function startGeneration(
  client: AppSupabaseClient,
  args: ReturnType<typeof generationArgs>,
  requestId: string,
): Promise<StartedProject> {
  const { data, error } = await client.rpc('start_generation', { ...args, request_id: requestId });
  if (error) throw error;
  const p = data as { id: string; name: string };
  return { id: p.id, name: p.name };
}
