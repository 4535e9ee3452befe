// Storage policies written in a migration decide who reads and writes what, as on hosted
// Supabase: owners by folder in a private bucket, everyone for a public bucket's URLs.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, stack } from '../../support/clients.ts';
import { tokenUser } from './token-user.ts';

const PRIVATE = 'fixture-private';

describe('storage policies', () => {
  it('keeps one user out of another user’s folder', async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const path = `${alice.id}/secret.txt`;
    expect((await alice.client.storage.from(PRIVATE).upload(path, 'alice only')).error).toBeNull();

    const read = await bob.client.storage.from(PRIVATE).download(path);
    expect(read.data).toBeNull();
    expect(read.error).toMatchObject({ status: 400 });
    expect((await bob.client.storage.from(PRIVATE).list(alice.id)).data).toEqual([]);
    expect((await bob.client.storage.from(PRIVATE).createSignedUrl(path, 60)).error).toMatchObject({
      statusCode: '404',
    });

    const overwrite = await bob.client.storage.from(PRIVATE).upload(path, 'bob was here', { upsert: true });
    expect(overwrite.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const update = await bob.client.storage.from(PRIVATE).update(path, 'bob was here');
    expect(update.error).toMatchObject({ status: 400 });
    expect((await bob.client.storage.from(PRIVATE).remove([path])).data).toEqual([]);
    const moved = await bob.client.storage.from(PRIVATE).move(path, `${bob.id}/stolen.txt`);
    expect(moved.error).toMatchObject({ status: 400 });

    expect(await (await alice.client.storage.from(PRIVATE).download(path)).data!.text()).toBe('alice only');
  });

  it('refuses uploads into someone else’s folder with the storage error shape', async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const res = await fetch(`${stack().url}/storage/v1/object/${PRIVATE}/${alice.id}/planted.txt`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${bob.token}`,
        apikey: stack().anonKey,
        'Content-Type': 'text/plain',
      },
      body: 'planted',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    expect((await serviceClient().storage.from(PRIVATE).exists(`${alice.id}/planted.txt`)).data).toBe(false);
  });

  it('gives anonymous callers nothing from a private bucket', async () => {
    const alice = await tokenUser();
    await alice.client.storage.from(PRIVATE).upload(`${alice.id}/private.txt`, 'p');
    const anon = anonClient().storage.from(PRIVATE);
    expect((await anon.download(`${alice.id}/private.txt`)).error).toMatchObject({
      status: 400,
      statusCode: '404',
    });
    expect((await anon.upload(`${alice.id}/anon.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    const viaPublicUrl = await fetch(anon.getPublicUrl(`${alice.id}/private.txt`).data.publicUrl);
    expect(viaPublicUrl.status).toBe(400);
    expect(await viaPublicUrl.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('serves a public bucket’s objects without any token', async () => {
    const alice = await tokenUser();
    const files = alice.client.storage.from('fixture-public');
    await files.upload(`${alice.id}/look book.txt`, 'public words', { contentType: 'text/plain' });
    const url = files.getPublicUrl(`${alice.id}/look book.txt`).data.publicUrl;
    expect(url).toContain('/storage/v1/object/public/fixture-public/');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public words');
    const download = await fetch(
      files.getPublicUrl(`${alice.id}/look book.txt`, { download: true }).data.publicUrl,
    );
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="look book.txt"');
  });

  it('lets the service role through every policy', async () => {
    const alice = await tokenUser();
    await alice.client.storage.from(PRIVATE).upload(`${alice.id}/for-admin.txt`, 'seen by admin');
    const admin = serviceClient().storage.from(PRIVATE);
    expect(await (await admin.download(`${alice.id}/for-admin.txt`)).data!.text()).toBe('seen by admin');
    expect((await admin.list(alice.id)).data!.map((f) => f.name)).toEqual(['for-admin.txt']);
  });
});
