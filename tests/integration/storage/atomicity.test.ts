// The database row and the file never disagree: a write that fails at any point leaves
// neither a row nor a file (and an overwrite that fails leaves the old object whole).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceClient, stack } from '../../support/clients.ts';
import { tokenUser } from './token-user.ts';

const BUCKET = 'fixture-private';
/** Makes the fixture trigger fail the INSERT/UPDATE after the bytes have arrived. */
const FAIL = { fixture_fail: 'after-write' };

const storageDir = () => path.join(stack().dataDir, 'storage');

/** Files anywhere under storage/ (temp folder included) holding exactly these bytes. */
function filesWith(content: Uint8Array): string[] {
  const hits: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        try {
          if (Buffer.compare(readFileSync(full), Buffer.from(content)) === 0) hits.push(full);
        } catch {
          // removed while we looked (another test's temp file)
        }
      }
    }
  };
  walk(storageDir());
  return hits;
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe('storage write atomicity', () => {
  it('leaves neither row nor file when recording the upload fails', async () => {
    const user = await tokenUser();
    const content = randomBytes(20_000);
    const res = await user.client.storage
      .from(BUCKET)
      .upload(`${user.id}/doomed.bin`, new Blob([content], { type: 'application/octet-stream' }), {
        metadata: FAIL,
      });
    expect(res.error).toMatchObject({ status: 500, statusCode: '500' });
    expect((await serviceClient().storage.from(BUCKET).exists(`${user.id}/doomed.bin`)).data).toBe(false);
    expect(existsSync(path.join(storageDir(), BUCKET, user.id, 'doomed.bin'))).toBe(false);
    expect(filesWith(content)).toEqual([]);
  });

  it('keeps the old object whole when an overwrite fails', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    const before = randomBytes(5000);
    const after = randomBytes(5000);
    expect((await files.upload(`${user.id}/keep.bin`, before)).error).toBeNull();
    const res = await files.upload(`${user.id}/keep.bin`, after, { upsert: true, metadata: FAIL });
    expect(res.error).toMatchObject({ statusCode: '500' });
    const down = await files.download(`${user.id}/keep.bin`);
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(before)).toBe(true);
    expect(filesWith(after)).toEqual([]);
    expect(filesWith(before)).toHaveLength(1);
  });

  it('leaves nothing behind when the client gives up mid-upload', async () => {
    const user = await tokenUser();
    const marker = randomBytes(64 * 1024);
    const abort = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 3) {
          abort.abort();
          return;
        }
        sent++;
        controller.enqueue(marker);
        await new Promise((r) => setTimeout(r, 30));
      },
    });
    const upload = fetch(`${stack().url}/storage/v1/object/${BUCKET}/${user.id}/partial.bin`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${user.token}`,
        apikey: stack().anonKey,
        'Content-Type': 'application/octet-stream',
      },
      body,
      signal: abort.signal,
      duplex: 'half',
    } as RequestInit);
    await expect(upload).rejects.toThrow();

    const tmp = path.join(storageDir(), '.tmp');
    const partials = () =>
      readdirSync(tmp).filter((f) => {
        try {
          return readFileSync(path.join(tmp, f)).subarray(0, marker.length).equals(marker);
        } catch {
          return false;
        }
      });
    expect(await until(() => partials().length === 0)).toBe(true);
    expect((await serviceClient().storage.from(BUCKET).exists(`${user.id}/partial.bin`)).data).toBe(false);
    expect(existsSync(path.join(storageDir(), BUCKET, user.id))).toBe(false);
  });

  it('deletes a replaced version’s file once the overwrite has committed', async () => {
    const user = await tokenUser();
    const files = user.client.storage.from(BUCKET);
    const v1 = randomBytes(3000);
    const v2 = randomBytes(3000);
    await files.upload(`${user.id}/versions.bin`, v1);
    await files.upload(`${user.id}/versions.bin`, v2, { upsert: true });
    expect(filesWith(v1)).toEqual([]);
    expect(filesWith(v2)).toHaveLength(1);
    await files.remove([`${user.id}/versions.bin`]);
    expect(filesWith(v2)).toEqual([]);
  });
});
