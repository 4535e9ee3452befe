// The names of the files the tools make (a combined photo, a cut-out, an enhanced photo): they
// say what they are.

const pad = (n: number) => String(n).padStart(2, '0');

/** 'combined-photo-20261122-1405.png' */
export function combinedFileName(now = new Date()): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `combined-photo-${day}-${pad(now.getHours())}${pad(now.getMinutes())}.png`;
}

/** 'linen-shirt' from 'Linen shirt.HEIC': the original's base, plain ASCII, lower case. */
function plainStem(originalName: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const plain = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return plain || 'photo';
}

/** 'linen-shirt-no-background.png' from 'Linen shirt.HEIC' */
export const cutOutFileName = (originalName: string): string =>
  `${plainStem(originalName)}-no-background.png`;

/** 'linen-shirt-enhanced-2x.jpg' from 'Linen shirt.HEIC', enhanced 2× and saved as JPG */
export const enhancedFileName = (originalName: string, factor: number, extension: string): string =>
  `${plainStem(originalName)}-enhanced-${factor}x.${extension}`;
