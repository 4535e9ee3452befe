import { describe, expect, it } from 'vitest';
import { downloadFileName, safeFileStem } from '../download-name.ts';

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
