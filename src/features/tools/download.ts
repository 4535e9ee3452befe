// The names of the files the tools make (a combined photo, a cut-out, an enhanced photo): they
// say what they are.
import { asciiFileStem } from '../../lib/safe-file-name.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'combined-photo-20261122-1405.png' */
export function combinedFileName(now = new Date()): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `combined-photo-${day}-${pad(now.getHours())}${pad(now.getMinutes())}.png`;
}

const plainStem = (originalName: string): string => asciiFileStem(originalName) || 'photo';

/** 'linen-shirt-no-background.png' from 'Linen shirt.HEIC' */
export const cutOutFileName = (originalName: string): string =>
  `${plainStem(originalName)}-no-background.png`;

/** 'linen-shirt-enhanced-2x.jpg' from 'Linen shirt.HEIC', enhanced 2× and saved as JPG */
export const enhancedFileName = (originalName: string, factor: number, extension: string): string =>
  `${plainStem(originalName)}-enhanced-${factor}x.${extension}`;
