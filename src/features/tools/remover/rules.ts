// The background remover's rules (spec 2 §5 "Background remover", §4 "Tools flow", §9): one
// photo of PNG, JPG or WebP — and HEIC, which the wizard's pipeline turns into JPEG before it
// leaves the device, as it does for product photos.
import { imageType } from '../combiner/rules.ts';

export const REMOVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif'] as const;
/** The result downloads this long after it is shown. */
export const REMOVER_AUTO_DOWNLOAD_MS = 500;

const HEIC_EXTENSIONS = /\.(heic|heif)$/i;

export function isRemoverType(file: { name: string; type: string }): boolean {
  // some systems give HEIC photos no type, or application/octet-stream
  if (HEIC_EXTENSIONS.test(file.name) && (!file.type || file.type === 'application/octet-stream'))
    return true;
  return (REMOVER_TYPES as readonly string[]).includes(imageType(file));
}

export type RemoverStage = 'uploading' | 'queued' | 'processing' | 'fetching';

/** How far along the whole removal is, 0–100: the upload is the first 40, the job the rest. */
export function removalPercent(
  stage: RemoverStage,
  upload: { loaded: number; total: number } | null,
): number {
  switch (stage) {
    case 'uploading':
      return upload && upload.total > 0
        ? Math.round((Math.min(upload.loaded, upload.total) / upload.total) * 40)
        : 0;
    case 'queued':
      return 45;
    case 'processing':
      return 70;
    case 'fetching':
      return 95;
  }
}
