import { describe, expect, it } from 'vitest';
import { downloadFileName, safeFileStem, videoExtension } from '../download-name.ts';

describe('download file names', () => {
  it('are the project name with the format extension', () => {
    expect(downloadFileName('Summer Linen Dress', 'png')).toBe('Summer Linen Dress.png');
    expect(downloadFileName('Summer Linen Dress', 'jpg')).toBe('Summer Linen Dress.jpg');
    expect(downloadFileName('Καλοκαιρινό φόρεμα', 'webp')).toBe('Καλοκαιρινό φόρεμα.webp');
  });

  it('number the images of a project with several, from 1', () => {
    expect(downloadFileName('Dress', 'png', { index: 0, total: 3 })).toBe('Dress-1.png');
    expect(downloadFileName('Dress', 'png', { index: 2, total: 3 })).toBe('Dress-3.png');
    expect(downloadFileName('Dress', 'png', { index: 0, total: 1 })).toBe('Dress.png');
    expect(downloadFileName('Dress', 'mp4')).toBe('Dress.mp4');
  });

  it('drop characters file systems refuse and trim dots and spaces', () => {
    expect(safeFileStem('Shirt / blue: "v2"?')).toBe('Shirt blue v2');
    expect(safeFileStem('..hidden..')).toBe('hidden');
    expect(safeFileStem('a\u0000b\tc')).toBe('a b c');
    expect(safeFileStem('C:\\Users\\me')).toBe('C Users me');
  });

  it('fall back to a name for empty or reserved names, and cap the length', () => {
    expect(safeFileStem('   ')).toBe('Drape image');
    expect(safeFileStem('///')).toBe('Drape image');
    expect(safeFileStem('CON')).toBe('CON image');
    const long = 'λ'.repeat(150);
    expect([...safeFileStem(long)]).toHaveLength(100);
  });
});

describe('a video is saved with the extension of its bytes', () => {
  const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]);
  const mp4 = new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  it('WebM and MP4 by their magic numbers, whatever the name or type says', async () => {
    expect(await videoExtension(new Blob([webm], { type: 'video/mp4' }), 'a/1.mp4')).toBe('webm');
    expect(await videoExtension(new Blob([mp4], { type: 'video/webm' }), 'a/1.webm')).toBe('mp4');
  });
  it('unknown bytes: the stored type, then the name', async () => {
    const other = new Uint8Array(12);
    expect(await videoExtension(new Blob([other], { type: 'video/webm' }))).toBe('webm');
    expect(await videoExtension(new Blob([other]), 'x.webm')).toBe('webm');
    expect(await videoExtension(new Blob([other]), 'x.mp4')).toBe('mp4');
  });
});
