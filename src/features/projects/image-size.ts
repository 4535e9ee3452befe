// The size a result was delivered at, as the seller's screens state it: the plan's resolution
// when the image was charged (images.resolution) and the stored file's real pixel size
// (images.width × images.height, recorded when it was stored): "4K · 2731×4096".
import type { ProjectImage } from './project-types.ts';

export type SizedImage = Pick<ProjectImage, 'resolution' | 'width' | 'height'>;

/** "4K · 2731×4096"; "HD" when the pixel size was not recorded (older images); null when neither is known. */
export function imageSizeLabel(image: SizedImage | undefined): string | null {
  if (!image) return null;
  const pixels = image.width && image.height ? `${image.width}×${image.height}` : null;
  if (image.resolution && pixels) return `${image.resolution} · ${pixels}`;
  return image.resolution ?? pixels;
}

/** The labels of several images, each once, in order ("4K · 2731×4096", or two when they differ). */
export function imageSizeLabels(images: SizedImage[]): string[] {
  return [...new Set(images.map(imageSizeLabel).filter((l): l is string => l !== null))];
}
