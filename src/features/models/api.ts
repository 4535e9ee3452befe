// A seller's saved models (the Custom Model Creator, Advanced): public.seller_models (the
// seller reads their own rows), made by create_seller_model (charged once per request id,
// refunded if it fails), kept, renamed and deleted through their functions. The pictures are
// private objects of bucket 'seller-models', shown through short-lived signed URLs.
import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '../../lib/database.types.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';

export const SELLER_MODELS_BUCKET = 'seller-models';

export type SellerModel = Pick<
  Tables<'seller_models'>,
  | 'id'
  | 'name'
  | 'gender'
  | 'age_range'
  | 'body'
  | 'skin'
  | 'hair'
  | 'style'
  | 'details'
  | 'status'
  | 'kept'
  | 'front_path'
  | 'back_path'
  | 'side_path'
  | 'error'
  | 'created_at'
>;
const COLUMNS =
  'id, name, gender, age_range, body, skin, hair, style, details, status, kept, front_path, back_path, side_path, error, created_at';

export const GENDERS = ['women', 'men'] as const;
export const AGE_RANGES = ['18-25', '26-35', '36-45', '46-60', '60+'] as const;
export const BODIES = ['slim', 'average', 'athletic', 'curvy', 'plus-size'] as const;
export const SKINS = ['fair', 'light', 'medium', 'olive', 'brown', 'dark'] as const;
export const HAIRS = [
  'short-dark',
  'long-dark',
  'short-light',
  'long-light',
  'curly',
  'red',
  'grey',
  'shaved',
] as const;
export const STYLES = ['casual', 'classic', 'sporty', 'elegant', 'streetwear'] as const;
/** create_seller_model's limits */
export const DETAILS_MAX = 300;
export const NAME_MAX = 60;

export interface ModelDescription {
  gender: (typeof GENDERS)[number];
  age_range: (typeof AGE_RANGES)[number];
  body: (typeof BODIES)[number];
  skin: (typeof SKINS)[number];
  hair: (typeof HAIRS)[number];
  style: (typeof STYLES)[number];
  details: string;
  name: string;
}

export const sellerModelKeys = {
  all: ['seller-models'] as const,
  list: () => [...sellerModelKeys.all, 'list'] as const,
  one: (id: string) => [...sellerModelKeys.all, 'one', id] as const,
  pictures: (id: string) => [...sellerModelKeys.all, 'pictures', id] as const,
};

/** The seller's models, newest first (kept and not kept; the list screens filter). */
export function sellerModelsQueryOptions(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: sellerModelKeys.list(),
    queryFn: async (): Promise<SellerModel[]> => {
      const { data, error } = await client
        .from('seller_models')
        .select(COLUMNS)
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
}

/** One model; asked again every 2 s while it is being made. */
export function sellerModelQueryOptions(client: AppSupabaseClient, id: string) {
  return queryOptions({
    queryKey: sellerModelKeys.one(id),
    queryFn: async (): Promise<SellerModel> => {
      const { data, error } = await client.from('seller_models').select(COLUMNS).eq('id', id).single();
      if (error) throw error;
      return data;
    },
    refetchInterval: (q) => (q.state.data?.status === 'creating' ? 2000 : false),
  });
}

/** The models a seller can generate with: kept, and made in all three views. */
export const usableSellerModels = (models: readonly SellerModel[]) =>
  models.filter((m) => m.kept && m.status === 'ready');

export type ViewName = 'front' | 'back' | 'side';

/** Signed URLs of a ready model's three pictures (an hour; asked again before they expire). */
export function modelPicturesQueryOptions(client: AppSupabaseClient, model: SellerModel | undefined) {
  return queryOptions({
    queryKey: sellerModelKeys.pictures(model?.id ?? 'none'),
    enabled: !!model && model.status === 'ready',
    staleTime: 50 * 60 * 1000,
    queryFn: async (): Promise<Record<ViewName, string>> => {
      const paths = [model!.front_path!, model!.back_path!, model!.side_path!];
      const { data, error } = await client.storage.from(SELLER_MODELS_BUCKET).createSignedUrls(paths, 3600);
      if (error) throw error;
      const url = (n: number) => data[n]?.signedUrl ?? '';
      return { front: url(0), back: url(1), side: url(2) };
    },
  });
}

export async function createSellerModel(
  client: AppSupabaseClient,
  requestId: string,
  d: ModelDescription,
  locale: string,
): Promise<SellerModel> {
  const { data, error } = await client.rpc('create_seller_model', {
    request_id: requestId,
    gender: d.gender,
    age_range: d.age_range,
    body: d.body,
    skin: d.skin,
    hair: d.hair,
    style: d.style,
    details: d.details,
    name: d.name,
    locale,
  });
  if (error) throw error;
  return data as unknown as SellerModel;
}

export async function keepSellerModel(client: AppSupabaseClient, id: string, name?: string) {
  const { error } = await client.rpc('keep_seller_model', { model_id: id, name });
  if (error) throw error;
}

export async function renameSellerModel(client: AppSupabaseClient, id: string, name: string) {
  const { error } = await client.rpc('rename_seller_model', { model_id: id, name });
  if (error) throw error;
}

export async function deleteSellerModel(client: AppSupabaseClient, id: string) {
  const { error } = await client.rpc('delete_seller_model', { model_id: id });
  if (error) throw error;
}
