// operator-answer-fix on the local stack: an operator (app_metadata.role set through the auth
// admin API, as `npm run operator -- add` does) answers a seller's fix with a picture; the
// clean file and the engine's watermarked copy are stored, the fix is completed, the seller is
// told once and, on the free plan, reads the watermarked copy only. A seller is refused.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, stack, type TestUser } from '../../support/clients.ts';
import { finishImages, must, recordUpload, seller, startGeneration } from '../../support/domain.ts';

async function operator(): Promise<TestUser> {
  const u = await createUser();
  const updated = await serviceClient().auth.admin.updateUserById(u.id, {
    app_metadata: { role: 'operator' },
  });
  if (updated.error) throw updated.error;
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (signedIn.error) throw signedIn.error;
  return { ...u, client };
}

async function openFix(s: TestUser) {
  const project = await startGeneration(s.client, await recordUpload(s.client, s.id));
  await finishImages(project.id);
  const r = must(
    await s.client.rpc('request_project_fix', {
      project_id: project.id,
      description: 'Remove the tag',
      request_id: randomUUID(),
    }),
  ) as { fix: { id: string } };
  return { projectId: project.id, fixId: r.fix.id };
}

async function send(who: TestUser, fixId: string, picture: Uint8Array, note = 'Tag removed') {
  const { data } = await who.client.auth.getSession();
  const form = new FormData();
  form.set('fix_id', fixId);
  form.set('note', note);
  form.set('file', new Blob([Buffer.from(picture)], { type: 'image/png' }), 'fix.png');
  const res = await fetch(`${stack().url}/functions/v1/operator-answer-fix`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${data.session!.access_token}`, apikey: stack().anonKey },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('operator-answer-fix', () => {
  it('stores the clean picture and a different watermarked copy, completes the fix and tells the seller once', async () => {
    const s = await seller({ credits: 3 });
    const op = await operator();
    const { projectId, fixId } = await openFix(s);
    const picture = new Uint8Array(
      await sharp({ create: { width: 160, height: 200, channels: 3, background: '#d35400' } })
        .png()
        .toBuffer(),
    );
    const r = await send(op, fixId, picture);
    expect(r.status).toBe(200);
    const name = r.body.fix.result_path;
    expect(name).toMatch(new RegExp(`^${s.id}/${projectId}/fix-${fixId}-[0-9a-f]{8}\\.png$`));
    expect(r.body.fix).toMatchObject({
      status: 'completed',
      result_path: name,
      result_watermarked_path: name,
    });

    const admin = serviceClient();
    const clean = new Uint8Array(
      await must(await admin.storage.from('generated').download(name))!.arrayBuffer(),
    );
    const marked = new Uint8Array(
      await must(await admin.storage.from('watermarked').download(name))!.arrayBuffer(),
    );
    expect(Buffer.from(clean).equals(Buffer.from(picture))).toBe(true);
    expect(Buffer.from(marked).equals(Buffer.from(clean))).toBe(false);
    expect(await sharp(marked).metadata()).toMatchObject({ width: 160, height: 200, format: 'png' });

    // the free-plan seller reads the watermarked copy, not the clean one
    expect((await s.client.storage.from('watermarked').download(name)).error).toBeNull();
    expect((await s.client.storage.from('generated').download(name)).error).not.toBeNull();

    const notes = must(
      await s.client.from('notifications').select('type').in('type', ['fix_completed', 'fix_processing']),
    );
    expect(notes).toEqual([{ type: 'fix_completed' }]);

    const again = await send(op, fixId, picture);
    expect(again).toMatchObject({ status: 409, body: { code: 'fix_finished' } });
    const audit = must(
      await op.client.from('operator_actions').select('action, seller_id').eq('subject', fixId),
    );
    expect(audit).toEqual([{ action: 'answer_fix', seller_id: s.id }]);
  });

  it('refuses a seller, even the fix’s own, and stores nothing', async () => {
    const s = await seller({ credits: 3 });
    const { projectId, fixId } = await openFix(s);
    const picture = new Uint8Array(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const r = await send(s, fixId, picture);
    expect(r).toEqual({ status: 403, body: { error: 'Only operators can do this', code: 'operator_only' } });
    const listed = must(await serviceClient().storage.from('generated').list(`${s.id}/${projectId}`));
    expect((listed ?? []).filter((o: { name: string }) => o.name.startsWith('fix-'))).toEqual([]);
  });
});
