// Review: storage holes a signed-in seller or an anonymous visitor could use through the
// official client. A signed upload URL is a write credential, so it is only issued to a
// caller the bucket's INSERT policy (and, with upsert, its UPDATE policy) would let write
// the object — as Supabase Storage checks when it signs.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const EVIL = Buffer.from(PNG); // same format, different intent: the attacker's bytes

describe('review: signed upload URLs respect the bucket policies', () => {
  it("refuses a seller a signed upload URL into another seller's folder", async () => {
    const victim = await seller();
    const attacker = await seller();
    const name = `${victim.id}/${Date.now()}-shirt.png`;
    const signed = await attacker.client.storage.from('uploads').createSignedUploadUrl(name);
    expect(signed.data).toBeNull();
    expect(signed.error).not.toBeNull();
  });

  it("refuses to let a seller overwrite another seller's photo through a signed upsert URL", async () => {
    const victim = await seller();
    const attacker = await seller();
    const name = `${victim.id}/${Date.now()}-shirt.png`;
    must(await victim.client.storage.from('uploads').upload(name, PNG, { contentType: 'image/png' }));
    const signed = await attacker.client.storage
      .from('uploads')
      .createSignedUploadUrl(name, { upsert: true });
    expect(signed.error).not.toBeNull();
    if (signed.data) {
      await anonClient()
        .storage.from('uploads')
        .uploadToSignedUrl(name, signed.data.token, EVIL, { contentType: 'image/png' });
    }
    const info = await serviceClient().storage.from('uploads').info(name);
    expect(info.data?.name).toBe(name);
  });

  it.each(['generated', 'watermarked', 'videos'])(
    'refuses a seller a signed upload URL into the server-written bucket %s',
    async (bucket) => {
      const s = await seller({ plan: 'pro' });
      const name = `${s.id}/p/${Date.now()}.${bucket === 'videos' ? 'mp4' : 'png'}`;
      const signed = await s.client.storage.from(bucket).createSignedUploadUrl(name);
      expect(signed.data).toBeNull();
      expect(signed.error).not.toBeNull();
      const head = await serviceClient().storage.from(bucket).exists(name);
      expect(head.data).toBe(false);
    },
  );

  it('refuses an anonymous visitor a signed upload URL', async () => {
    const victim = await seller();
    const signed = await anonClient()
      .storage.from('uploads')
      .createSignedUploadUrl(`${victim.id}/${Date.now()}-x.png`);
    expect(signed.data).toBeNull();
    expect(signed.error).not.toBeNull();
  });

  it('still signs an upload into the seller’s own folder, and the upload lands', async () => {
    const s = await seller();
    const name = `${s.id}/${Date.now()}-own.png`;
    const signed = must(await s.client.storage.from('uploads').createSignedUploadUrl(name))!;
    must(
      await anonClient()
        .storage.from('uploads')
        .uploadToSignedUrl(name, signed.token, PNG, { contentType: 'image/png' }),
    );
    expect((await s.client.storage.from('uploads').download(name)).error).toBeNull();
  });
});
