// What storage refuses, always in its error shape: files over a bucket's size limit, types
// the bucket does not allow, names that try to leave the bucket, and signed URLs that are
// expired, tampered with or made for another object.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceClient, stack } from '../../support/clients.ts';
import { signToken, tokenUser } from './token-user.ts';

const LIMITED = 'fixture-limited'; // 64 KiB, image/png, image/webp, text/*

function rawRequest(method: string, urlPath: string, headers: Record<string, string>, body?: string) {
  const { hostname, port } = new URL(stack().url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: urlPath, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('storage limits', () => {
  it('refuses a file over the bucket’s size limit and keeps nothing of it', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(LIMITED);
    const big = new Blob([new Uint8Array(65537)], { type: 'image/png' });
    const res = await files.upload(`${user.id}/big.png`, big);
    expect(res.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const raw = await files.upload(`${user.id}/big-raw.png`, new Uint8Array(70000), {
      contentType: 'image/png',
    });
    expect(raw.error).toMatchObject({ statusCode: '413' });

    const exact = await files.upload(
      `${user.id}/exact.png`,
      new Blob([new Uint8Array(65536)], { type: 'image/png' }),
    );
    expect(exact.error).toBeNull();
    expect((await files.list(user.id)).data!.map((f) => f.name)).toEqual(['exact.png']);
    expect(existsSync(path.join(stack().dataDir, 'storage', LIMITED, user.id, 'big.png'))).toBe(false);
  });

  it('refuses a type the bucket does not allow, and accepts wildcards', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(LIMITED);
    const pdf = await files.upload(`${user.id}/doc.pdf`, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    const res = await fetch(`${stack().url}/storage/v1/object/${LIMITED}/${user.id}/doc2.pdf`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${user.token}`,
        apikey: stack().anonKey,
        'Content-Type': 'application/pdf',
      },
      body: '%PDF-1.4',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type application/pdf is not supported',
    });
    expect(
      (await files.upload(`${user.id}/notes.md`, 'ok', { contentType: 'text/markdown' })).error,
    ).toBeNull();
  });

  it('refuses names that climb out of the bucket', async () => {
    const user = await tokenUser();
    const headers = {
      Authorization: `Bearer ${user.token}`,
      apikey: stack().anonKey,
      'Content-Type': 'text/plain',
    };
    for (const name of [
      `${user.id}/../../escape.txt`,
      `${user.id}/..%2F..%2Fescape.txt`,
      `${user.id}/%2e%2e/x.txt`,
      `${user.id}//x.txt`,
    ]) {
      const res = await rawRequest('POST', `/storage/v1/object/fixture-private/${name}`, headers, 'nope');
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const viaClient = await user.client.storage
      .from('fixture-private')
      .upload(`${user.id}/..%2F..%2Fescape.txt`, 'x');
    expect(viaClient.error).toMatchObject({ status: 400, statusCode: '400' });
    const bucketEscape = await rawRequest('GET', `/storage/v1/object/..%2Fetc/passwd`, headers);
    expect(bucketEscape.status).toBe(400);
    const storageRoot = path.join(stack().dataDir, 'storage');
    expect(readdirSync(storageRoot).filter((f) => f.includes('escape'))).toEqual([]);
    expect(existsSync(path.join(stack().dataDir, 'escape.txt'))).toBe(false);
  });

  it('refuses expired, tampered and misdirected signed URLs', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from('fixture-private');
    await files.upload(`${user.id}/a.txt`, 'a');
    await files.upload(`${user.id}/b.txt`, 'b');
    const base = `${stack().url}/storage/v1/object/sign/fixture-private/${user.id}`;

    const expired = await signToken({ url: `fixture-private/${user.id}/a.txt` }, -10);
    const res1 = await fetch(`${base}/a.txt?token=${expired}`);
    expect(res1.status).toBe(400);
    expect(await res1.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: 'jwt expired',
    });

    const good = (await files.createSignedUrl(`${user.id}/a.txt`, 60)).data!.signedUrl;
    const token = new URL(good).searchParams.get('token')!;
    const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res2 = await fetch(`${base}/a.txt?token=${tampered}`);
    expect(res2.status).toBe(400);
    expect(await res2.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const res3 = await fetch(`${base}/b.txt?token=${token}`);
    expect(res3.status).toBe(400);
    expect(await res3.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const res4 = await fetch(`${base}/a.txt`);
    expect(res4.status).toBe(400);
    expect((await fetch(good)).status).toBe(200);
  });

  it('refuses a request whose own JWT is bad', async () => {
    const res = await fetch(`${stack().url}/storage/v1/object/list/fixture-private`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer not.a.jwt',
        apikey: stack().anonKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });
});

describe('signed URLs on generated results', () => {
  it('are capped at an hour: a ten-year URL (one or many) is refused, an hour is signed', async () => {
    const files = serviceClient().storage.from('generated');
    const name = `cap-${Date.now()}/result.png`;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await files.upload(name, png, { contentType: 'image/png' })).error).toBeNull();
    const tenYears = 10 * 365 * 24 * 3600;
    const long = await files.createSignedUrl(name, tenYears);
    expect(long.data).toBeNull();
    expect(long.error?.message).toBe('expiresIn must be at most 3600 seconds in bucket generated');
    const many = await files.createSignedUrls([name], tenYears);
    expect(many.error?.message).toBe('expiresIn must be at most 3600 seconds in bucket generated');
    const hour = await files.createSignedUrl(name, 3600);
    expect(hour.error).toBeNull();
    expect((await fetch(hour.data!.signedUrl)).status).toBe(200);
    await files.remove([name]);
  });
});
