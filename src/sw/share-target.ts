// The service worker's share target (the manifest's share_target, POST multipart): the photos
// a seller shares from the phone's share sheet are kept in the app's database (Dexie, table
// `shared`) and the app opens /create to start a shoot with them. Nothing goes over the
// network, so it works offline. Bundled on its own and loaded into the generated service
// worker with importScripts (scripts/vite/service-worker-addon.ts).
import { AppDb, type SharedRow } from '../lib/db/app-db.ts';
import { SHARE_FIELD, SHARE_TARGET_PATH, sharedPhotosUrl } from '../lib/share-target-paths.ts';

interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

interface ServiceWorkerScopeLike {
  location: Location;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

declare const self: ServiceWorkerScopeLike;

/** The shared files that are photos (an iPhone's HEIC may come without a type). */
export function sharedPhotos(form: FormData): File[] {
  return form
    .getAll(SHARE_FIELD)
    .filter((v): v is File => typeof v !== 'string' && v.size > 0)
    .filter((f) => f.type.startsWith('image/') || /\.(heic|heif|jpe?g|png|webp)$/i.test(f.name));
}

export async function receiveShare(request: Request, db: AppDb, origin: string): Promise<Response> {
  let photos: File[] = [];
  try {
    photos = sharedPhotos(await request.formData());
  } catch {
    // not a form: nothing was shared
  }
  const shareId = crypto.randomUUID();
  const createdAt = Date.now();
  const rows: SharedRow[] = photos.map((f) => ({ shareId, name: f.name, type: f.type, blob: f, createdAt }));
  if (rows.length) await db.shared.bulkAdd(rows);
  return Response.redirect(new URL(sharedPhotosUrl(shareId, rows.length), origin).href, 303);
}

if (typeof self !== 'undefined' && 'addEventListener' in self && typeof window === 'undefined') {
  let db: AppDb | null = null;
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.method !== 'POST' || url.origin !== self.location.origin) return;
    if (url.pathname !== SHARE_TARGET_PATH) return;
    db ??= new AppDb();
    event.respondWith(receiveShare(event.request, db, self.location.origin));
  });
}
