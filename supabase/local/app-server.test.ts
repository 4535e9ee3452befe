import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRange, serveApp } from './app-server.ts';

describe('the app server serves catalogue clips as video', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof serveApp>>;
  const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'drape-app-'));
    mkdirSync(path.join(dir, 'catalogue', 'models', 'sofia'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'catalogue', 'models', 'sofia', '01.webm'), clip);
    writeFileSync(path.join(dir, 'catalogue', 'models', 'sofia', '01.mp4'), clip);
    app = await serveApp(0, dir);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const port = () => new URL(app.url).port;

  it('with video/webm and video/mp4 types, and byte ranges as Safari asks for them', async () => {
    const base = `http://127.0.0.1:${port()}/catalogue/models/sofia`;
    const webm = await fetch(`${base}/01.webm`);
    expect(webm.headers.get('content-type')).toBe('video/webm');
    expect(webm.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await webm.arrayBuffer()).equals(clip)).toBe(true);

    const mp4 = await fetch(`${base}/01.mp4`, { headers: { Range: 'bytes=0-1' } });
    expect(mp4.status).toBe(206);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect(mp4.headers.get('content-range')).toBe('bytes 0-1/1000');
    expect([...new Uint8Array(await mp4.arrayBuffer())]).toEqual([0, 1]);

    const tail = await fetch(`${base}/01.mp4`, { headers: { Range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
    const beyond = await fetch(`${base}/01.mp4`, { headers: { Range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();
  });

  it('reads a Range header', () => {
    expect(byteRange(undefined, 10)).toBeNull();
    expect(byteRange('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(byteRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 });
    expect(byteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(byteRange('bytes=9-2', 10)).toBe('bad');
    expect(byteRange('items=1-2', 10)).toBeNull();
  });
});
