// The names of the files the tools make (a combined photo, a cut-out): they say what they are.

const pad = (n: number) => String(n).padStart(2, '0');

/** 'combined-photo-20261122-1405.png' */
export function combinedFileName(now = new Date()): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `combined-photo-${day}-${pad(now.getHours())}${pad(now.getMinutes())}.png`;
}

/** 'linen-shirt-no-background.png' from 'Linen shirt.HEIC' */
export function cutOutFileName(originalName: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const plain = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${plain || 'photo'}-no-background.png`;
}
