// Whether FASHN would dress drawings: the engine sends the chosen catalogue model's picture
// (CATALOGUE_BASE_URL + /catalogue/models/<slug>/0N.webp) to FASHN as `model_image`, and the
// catalogue that ships is drawn demo art until real pictures are imported. Where each picture
// came from is written next to the pictures, in /catalogue/sources.json: `catalogue:generate`
// marks what it draws `drawn`, `catalogue:import` marks what it imports `photo` (or
// `local-preview` when the picture is the local preview renderer's, e.g. `catalogue:create`
// against /_dev/fashn). The health check reads that file where FASHN reads the pictures, so it
// says what the deployed app serves, not what some checkout holds.
import { engineConfig } from '../engine/config.ts';
import type { Env, HealthCheck } from './secrets.ts';

/** Under the catalogue folder (public/catalogue/), served at /catalogue/sources.json. */
export const CATALOGUE_SOURCES_FILE = 'sources.json';

export type CatalogueSource = 'drawn' | 'photo' | 'local-preview';

export interface CatalogueSources {
  /** catalogue file (models/sofia/01.webp) → where it came from */
  files: Record<string, CatalogueSource>;
}

const MODEL_PICTURE = /^models\/[^/]+\/0[1-3]\.webp$/;

/** The model pictures (three views of each model) that are not photos, and how many there are. */
export function modelPicturesNotPhotos(sources: CatalogueSources): { notPhotos: string[]; total: number } {
  const pictures = Object.entries(sources.files ?? {}).filter(([file]) => MODEL_PICTURE.test(file));
  return {
    notPhotos: pictures.filter(([, source]) => source !== 'photo').map(([file]) => file),
    total: pictures.length,
  };
}

const WHAT_TO_DO =
  'FASHN dresses the model picture it is sent, so results would be built on drawings. Make the ' +
  'catalogue with `npm run catalogue:create` (FASHN_API_KEY; docs/catalogue.md), commit ' +
  'public/catalogue and deploy the app';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * With GENERATION_PROVIDER=fashn: a check that fails while any model picture the app serves is
 * the drawn demo art (or a local preview). Null with any other provider: the local stand-in draws
 * on the drawn figures, and the workflow webhook is the operator's own.
 */
export async function catalogueArtHealth(env: Env, fetchFn: Fetch = fetch): Promise<HealthCheck | null> {
  if ((env('GENERATION_PROVIDER')?.trim() || 'local').toLowerCase() !== 'fashn') return null;
  const base = engineConfig(env, 'fashn').catalogueBaseUrl.replace(/\/+$/, '');
  const url = `${base}/catalogue/${CATALOGUE_SOURCES_FILE}`;
  const check = (ok: boolean, detail: string): HealthCheck => ({ name: 'catalogue_art', ok, detail });
  let sources: CatalogueSources;
  try {
    const res = await fetchFn(url, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return check(
        false,
        `${url} answered ${res.status}: cannot tell whether the catalogue's model pictures are photos or the drawn demo art (the app ships public/catalogue/sources.json; is CATALOGUE_BASE_URL the app's address?)`,
      );
    }
    sources = (await res.json()) as CatalogueSources;
  } catch (err) {
    return check(
      false,
      `${url} could not be read (${err instanceof Error ? err.message : String(err)}): cannot tell whether the catalogue's model pictures are photos or the drawn demo art`,
    );
  }
  const { notPhotos, total } = modelPicturesNotPhotos(sources);
  if (total === 0)
    return check(false, `${url} lists no model pictures: cannot tell whether they are photos. ${WHAT_TO_DO}`);
  if (notPhotos.length === 0) return check(true, `all ${total} model pictures are photos`);
  const preview = notPhotos.some((f) => sources.files[f] === 'local-preview');
  const slugs = [...new Set(notPhotos.map((f) => f.split('/')[1]))];
  return check(
    false,
    `${notPhotos.length} of ${total} model pictures are the drawn demo art${preview ? ' or local previews' : ''} (${slugs.join(', ')}). ${WHAT_TO_DO}`,
  );
}
