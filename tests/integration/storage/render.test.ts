// Thumbnails instead of full images: the render endpoints resize and convert on download.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stack } from '../../support/clients.ts';
import { tokenUser } from './token-user.ts';

async function photo(width: number, height: number): Promise<Blob> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

describe('storage image rendering', () => {
  it('returns a resized WebP thumbnail through download({transform})', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from('fixture-private');
    await files.upload(`${user.id}/dress.png`, await photo(800, 600));

    const res = await fetch(
      `${stack().url}/storage/v1/render/image/authenticated/fixture-private/${user.id}/dress.png?width=200&height=100&format=webp&quality=60`,
      {
        headers: { Authorization: `Bearer ${user.token}`, apikey: stack().anonKey },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 100]);

    // storage-js: no explicit format; the original type is kept for a client that does not ask for WebP
    const viaClient = await files.download(`${user.id}/dress.png`, {
      transform: { width: 200, height: 100, resize: 'contain' },
    });
    expect(viaClient.error).toBeNull();
    const thumb = await sharp(Buffer.from(await viaClient.data!.arrayBuffer())).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['png', 133, 100]);
  });

  it('converts to WebP when the browser accepts it, and fills when asked', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from('fixture-public');
    await files.upload(`${user.id}/model.png`, await photo(400, 400));
    const url = files.getPublicUrl(`${user.id}/model.png`, {
      transform: { width: 120, height: 60, resize: 'fill' },
    }).data.publicUrl;
    expect(url).toContain('/render/image/public/');
    const res = await fetch(url, { headers: { Accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' } });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 60]);
  });

  it('signs a URL for a thumbnail, whose transform cannot be changed by the holder', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from('fixture-private');
    await files.upload(`${user.id}/signed.png`, await photo(300, 300));
    const signed = await files.createSignedUrl(`${user.id}/signed.png`, 60, {
      transform: { width: 50, height: 50 },
    });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain('/render/image/sign/');
    const res = await fetch(`${signed.data!.signedUrl}&width=300&height=300`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([50, 50]);
  });

  it('refuses to render what is not an image, in the storage error shape', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from('fixture-private');
    await files.upload(`${user.id}/notes.txt`, 'not an image');
    const res = await files.download(`${user.id}/notes.txt`, { transform: { width: 10 } });
    expect(res.error).toMatchObject({ status: 400 });
  });
});
