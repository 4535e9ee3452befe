import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueFileNames } from '../safe-file-name.ts';
import { readZip } from '../testing/read-zip.ts';
import { makeZipBlob, zipFileName } from '../zip.ts';

const asBuffer = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());

describe('makeZipBlob', () => {
  it('makes a ZIP that opens and holds each entry’s exact bytes, in order', async () => {
    const files = [randomBytes(300_000), randomBytes(17), Buffer.alloc(0), randomBytes(70_001)];
    const zip = await makeZipBlob(
      files.map((bytes, i) => ({ name: `Φόρεμα-${i + 1}.png`, load: async () => new Blob([bytes]) })),
    );
    expect(zip.type).toBe('application/zip');
    const entries = readZip(await asBuffer(zip));
    expect(entries.map((e) => e.name)).toEqual([
      'Φόρεμα-1.png',
      'Φόρεμα-2.png',
      'Φόρεμα-3.png',
      'Φόρεμα-4.png',
    ]);
    entries.forEach((entry, i) => {
      expect(entry.data.equals(files[i])).toBe(true);
    });
  });

  it('loads one entry at a time, only when the archive reaches it, and reports progress', async () => {
    let loading = 0;
    let mostAtOnce = 0;
    const loaded: number[] = [];
    const progress: [number, number][] = [];
    const entries = [0, 1, 2, 3, 4].map((i) => ({
      name: 'same.jpg',
      load: async () => {
        loading++;
        mostAtOnce = Math.max(mostAtOnce, loading);
        await new Promise((r) => setTimeout(r, 1));
        loaded.push(i);
        loading--;
        return new Blob([Buffer.from(`image ${i}`)]);
      },
    }));
    const zip = await makeZipBlob(entries, { onProgress: (done, total) => progress.push([done, total]) });
    expect(mostAtOnce).toBe(1);
    expect(loaded).toEqual([0, 1, 2, 3, 4]);
    expect(progress).toEqual([
      [0, 5],
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    const read = readZip(await asBuffer(zip));
    expect(read.map((e) => e.name)).toEqual([
      'same.jpg',
      'same (2).jpg',
      'same (3).jpg',
      'same (4).jpg',
      'same (5).jpg',
    ]);
    expect(read[3].data.toString()).toBe('image 3');
  });

  it('stops when its signal aborts, without loading the remaining entries', async () => {
    const controller = new AbortController();
    const loaded: number[] = [];
    const entries = [0, 1, 2].map((i) => ({
      name: `${i}.png`,
      load: async () => {
        loaded.push(i);
        if (i === 1) controller.abort(new Error('seller cancelled'));
        return new Blob([Buffer.from([i])]);
      },
    }));
    await expect(makeZipBlob(entries, { signal: controller.signal })).rejects.toThrow('seller cancelled');
    expect(loaded).toEqual([0, 1]);
  });

  it('fails when an entry cannot be loaded', async () => {
    const entries = [{ name: 'a.png', load: () => Promise.reject(new Error('storage said no')) }];
    await expect(makeZipBlob(entries)).rejects.toThrow('storage said no');
  });
});

describe('names', () => {
  it('makes entry names safe and unique, case-insensitively', () => {
    expect(
      uniqueFileNames(['../etc/passwd', 'a/b.png', 'A/B.PNG', 'con.png', '.hidden', '', 'x:y?.webp']),
    ).toEqual(['etc passwd', 'a b.png', 'A B (2).png', 'con image.png', 'hidden', 'file', 'x y.webp']);
  });

  it('names the archive after the project, ending in .zip', () => {
    expect(zipFileName('Summer dress v1.2')).toBe('Summer dress v1.2.zip');
    expect(zipFileName('Καλοκαίρι/2026.zip')).toBe('Καλοκαίρι 2026.zip');
    expect(zipFileName('  ')).toBe('Drape images.zip');
  });
});
