// Upload, download, list, sign, remove, move and copy through storage-js, as the app uses them.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, stack } from '../../support/clients.ts';
import { tokenUser } from './token-user.ts';

const BUCKET = 'fixture-private';
const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);

describe('storage objects', () => {
  it('uploads a Blob as multipart and gives the same bytes, type and cache control back', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    const data = bytes(4096);
    const up = await files.upload(`${user.id}/photos/a.png`, new Blob([data], { type: 'image/png' }), {
      cacheControl: '60',
    });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({
      path: `${user.id}/photos/a.png`,
      fullPath: `${BUCKET}/${user.id}/photos/a.png`,
    });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await files.download(`${user.id}/photos/a.png`);
    expect(down.error).toBeNull();
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(data);
    expect(down.data!.type).toBe('image/png');

    const res = await fetch(`${stack().url}/storage/v1/object/${BUCKET}/${user.id}/photos/a.png`, {
      headers: { Authorization: `Bearer ${user.token}`, apikey: stack().anonKey },
    });
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('content-length')).toBe('4096');
  });

  it('uploads a raw body with its content type and answers a byte range', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    const up = await files.upload(`${user.id}/notes/hello.txt`, 'hello, storage', {
      contentType: 'text/plain',
      cacheControl: '120',
    });
    expect(up.error).toBeNull();

    const url = `${stack().url}/storage/v1/object/authenticated/${BUCKET}/${user.id}/notes/hello.txt`;
    const headers = { Authorization: `Bearer ${user.token}`, apikey: stack().anonKey };
    const full = await fetch(url, { headers });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('text/plain');
    expect(full.headers.get('cache-control')).toBe('max-age=120');
    expect(await full.text()).toBe('hello, storage');

    const part = await fetch(url, { headers: { ...headers, Range: 'bytes=7-13' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 7-13/14');
    expect(await part.text()).toBe('storage');

    const again = await fetch(url, { headers: { ...headers, 'If-None-Match': full.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('refuses a second upload to the same path unless upsert, and update overwrites', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    const path = `${user.id}/doc.txt`;
    expect((await files.upload(path, 'one')).error).toBeNull();

    const dup = await files.upload(path, 'two');
    expect(dup.data).toBeNull();
    expect(dup.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    });

    expect((await files.upload(path, 'three', { upsert: true })).error).toBeNull();
    expect(await (await files.download(path)).data!.text()).toBe('three');

    expect((await files.update(path, new Blob(['four'], { type: 'text/plain' }))).error).toBeNull();
    expect(await (await files.download(path)).data!.text()).toBe('four');

    const missing = await files.update(`${user.id}/nothing-here.txt`, 'x');
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404' });
  });

  it('keeps user metadata and reports object info and existence', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    const path = `${user.id}/meta.txt`;
    await files.upload(path, 'abc', { contentType: 'text/plain', metadata: { garment: 'dress' } });
    const info = await files.info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: path,
      bucketId: BUCKET,
      size: 3,
      contentType: 'text/plain',
      metadata: { garment: 'dress' },
    });
    expect((await files.exists(path)).data).toBe(true);
    expect((await files.exists(`${user.id}/nope.txt`)).data).toBe(false);
  });

  it('lists one level with folder rows, sorted and searchable', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    for (const p of ['b.txt', 'a.txt', 'sub/one.txt', 'sub/deeper/two.txt', 'other/x.txt']) {
      expect((await files.upload(`${user.id}/${p}`, p)).error).toBeNull();
    }
    const top = await files.list(user.id);
    expect(top.error).toBeNull();
    expect(top.data!.map((f) => [f.name, f.id === null])).toEqual([
      ['other', true],
      ['sub', true],
      ['a.txt', false],
      ['b.txt', false],
    ]);
    const folder = top.data!.find((f) => f.name === 'sub')!;
    expect(folder).toMatchObject({
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    const file = top.data!.find((f) => f.name === 'a.txt')!;
    expect(file.metadata).toMatchObject({
      size: 5,
      mimetype: 'text/plain;charset=UTF-8',
      httpStatusCode: 200,
    });

    expect((await files.list(`${user.id}/sub`)).data!.map((f) => f.name)).toEqual(['deeper', 'one.txt']);
    expect((await files.list(user.id, { search: 'A' })).data!.map((f) => f.name)).toEqual(['a.txt']);
    expect((await files.list(user.id, { limit: 2, offset: 1 })).data!.map((f) => f.name)).toEqual([
      'sub',
      'a.txt',
    ]);
    expect(
      (await files.list(user.id, { sortBy: { column: 'name', order: 'desc' } })).data!.map((f) => f.name),
    ).toEqual(['sub', 'other', 'b.txt', 'a.txt']);
  });

  it('removes by name, returns the removed rows, and skips what is not there', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    await files.upload(`${user.id}/r1.txt`, '1');
    await files.upload(`${user.id}/r2.txt`, '2');
    const removed = await files.remove([`${user.id}/r1.txt`, `${user.id}/missing.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((r) => r.name)).toEqual([`${user.id}/r1.txt`]);
    expect(removed.data![0]).toMatchObject({ bucket_id: BUCKET, owner: user.id });
    expect((await files.download(`${user.id}/r1.txt`)).error).toMatchObject({ status: 400 });
    expect((await files.remove([`${user.id}/missing.txt`])).data).toEqual([]);
    expect(await (await files.download(`${user.id}/r2.txt`)).data!.text()).toBe('2');
  });

  it('signs URLs that work without any other credential until they expire', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    await files.upload(`${user.id}/shared file.txt`, 'signed content');
    const signed = await files.createSignedUrl(`${user.id}/shared file.txt`, 60, { download: 'mine.txt' });
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed content');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="mine.txt"');

    const many = await files.createSignedUrls([`${user.id}/shared file.txt`, `${user.id}/absent.txt`], 60);
    expect(many.data![0].signedUrl).toContain('/object/sign/');
    expect(many.data![1]).toMatchObject({ signedUrl: null, error: expect.any(String) });

    const missing = await files.createSignedUrl(`${user.id}/absent.txt`, 60);
    expect(missing.error).toMatchObject({ statusCode: '404' });
  });

  it('moves and copies within the owner’s folder', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    await files.upload(`${user.id}/orig.txt`, 'payload');
    expect((await files.copy(`${user.id}/orig.txt`, `${user.id}/copy.txt`)).data).toEqual({
      path: `${BUCKET}/${user.id}/copy.txt`,
    });
    expect((await files.move(`${user.id}/orig.txt`, `${user.id}/moved/orig.txt`)).error).toBeNull();
    expect(await (await files.download(`${user.id}/copy.txt`)).data!.text()).toBe('payload');
    expect(await (await files.download(`${user.id}/moved/orig.txt`)).data!.text()).toBe('payload');
    expect((await files.download(`${user.id}/orig.txt`)).error).toMatchObject({ statusCode: '404' });
  });

  it('uploads through a signed upload URL without the uploader’s token', async () => {
    const user = await tokenUser();
    const signed = await user.client.storage.from(BUCKET).createSignedUploadUrl(`${user.id}/via-signed.txt`);
    expect(signed.error).toBeNull();
    const up = await anonClient()
      .storage.from(BUCKET)
      .uploadToSignedUrl(`${user.id}/via-signed.txt`, signed.data!.token, 'from a signed url');
    expect(up.error).toBeNull();
    const down = await user.client.storage.from(BUCKET).download(`${user.id}/via-signed.txt`);
    expect(await down.data!.text()).toBe('from a signed url');
    const info = await serviceClient().storage.from(BUCKET).info(`${user.id}/via-signed.txt`);
    expect(info.data?.name).toBe(`${user.id}/via-signed.txt`);
  });
});

describe('storage buckets API', () => {
  it('lets the service role create, read, update, empty and delete a bucket', async () => {
    const admin = serviceClient().storage;
    const id = `tmp-${Date.now()}`;
    expect(
      (await admin.createBucket(id, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] }))
        .error,
    ).toBeNull();
    const got = await admin.getBucket(id);
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: 1000000,
      allowed_mime_types: ['image/*'],
    });
    expect((await admin.createBucket(id)).error).toMatchObject({ statusCode: '409' });

    expect(
      (await admin.updateBucket(id, { public: true, allowedMimeTypes: ['text/plain'] })).error,
    ).toBeNull();
    expect((await admin.getBucket(id)).data).toMatchObject({
      public: true,
      allowed_mime_types: ['text/plain'],
    });

    await admin.from(id).upload('f.txt', 'x', { contentType: 'text/plain' });
    expect((await admin.deleteBucket(id)).error).toMatchObject({ statusCode: '409' });
    expect((await admin.emptyBucket(id)).error).toBeNull();
    expect((await admin.deleteBucket(id)).error).toBeNull();
    expect((await admin.getBucket(id)).error).toMatchObject({ statusCode: '404' });
  });

  it('shows no buckets to a signed-in user and refuses to let them create one', async () => {
    const user = await tokenUser();
    expect((await user.client.storage.listBuckets()).data).toEqual([]);
    const created = await user.client.storage.createBucket(`user-${user.id.slice(0, 8)}`);
    expect(created.error).toMatchObject({ status: 400, statusCode: '403' });
  });
});
