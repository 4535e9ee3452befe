import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedFile, isCompressible, pickEncoding } from './app-compression.ts';

describe('app compression', () => {
  it('answers with brotli when the browser takes it, else gzip, else nothing', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('compresses text files worth it, not images or tiny files', () => {
    expect(isCompressible('/dist/assets/framework-x.js', 300_000)).toBe(true);
    expect(isCompressible('/dist/index.html', 5_000)).toBe(true);
    expect(isCompressible('/dist/assets/inter-latin.woff2', 48_000)).toBe(false);
    expect(isCompressible('/dist/assets/_public-x.js', 80)).toBe(false);
  });

  it('gives back the file’s own bytes, and the new ones once the file is rebuilt', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'drape-compression-')), 'app.js');
    writeFileSync(file, 'export const a = 1;'.repeat(200));
    const first = await compressedFile(file, 1, 'br');
    expect(brotliDecompressSync(first).toString()).toBe('export const a = 1;'.repeat(200));
    writeFileSync(file, 'export const b = 2;'.repeat(200));
    const gz = await compressedFile(file, 2, 'gzip');
    expect(gunzipSync(gz).toString()).toBe('export const b = 2;'.repeat(200));
    expect(gz.length).toBeLessThan(200);
  });
});
