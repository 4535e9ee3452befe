// Trying a fix with AI first: the unmodified `fashn` client drives FASHN's edit model on the
// local stack's /_dev/fashn (the result changes inside the mask and nowhere else), and the
// operator-ai-fix function turns a seller's drawing into that mask, keeps the AI's picture
// from the seller until an operator sends it, and sends it through the answer path once.
import { randomUUID } from 'node:crypto';
import Fashn, { BadRequestError } from 'fashn';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, stack, type TestUser } from '../../support/clients.ts';
import { finishImages, must, recordUpload, seller, startGeneration } from '../../support/domain.ts';

const W = 120;
const H = 180;
const BOX = { left: 30, top: 50, width: 40, height: 50 };

/** A picture with detail everywhere, so "unchanged" means something. */
async function picture(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      raw[i] = (x * 2) % 256;
      raw[i + 1] = (y * 1.3) % 256;
      raw[i + 2] = 120 + ((x + y) % 60);
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

async function rgb(png: Buffer | Uint8Array) {
  const { data, info } = await sharp(Buffer.from(png))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const inBox = (x: number, y: number) =>
  x >= BOX.left && x < BOX.left + BOX.width && y >= BOX.top && y < BOX.top + BOX.height;

/** Pixels that differ between two pictures, inside and outside the box. */
async function compare(before: Buffer, after: Buffer | Uint8Array) {
  const a = await rgb(before);
  const b = await rgb(after);
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      const same =
        a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] && a.data[i + 2] === b.data[i + 2];
      if (!same) {
        if (inBox(x, y)) inside++;
        else outside++;
      }
    }
  return { inside, outside };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe("FASHN's edit model on /_dev/fashn through the unmodified SDK", () => {
  const client = () =>
    new Fashn({
      apiKey: 'any-local-key',
      baseURL: `${stack().url}/_dev/fashn`,
      maxRetries: 0,
      logLevel: 'off',
    });
  // the SDK 0.11.1 types do not list 'edit' (supabase/functions/_shared/providers/fashn-edit.ts)
  const edit = (inputs: Record<string, unknown>) =>
    client().predictions.subscribe({
      model_name: 'edit',
      inputs,
      pollInterval: 100,
      timeout: 60_000,
    } as unknown as Fashn.PredictionSubscribeParams);

  it('changes the masked region and leaves every other pixel as it was', async () => {
    const image = await picture();
    const mask = await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({
            create: { width: BOX.width, height: BOX.height, channels: 3, background: '#fff' },
          })
            .png()
            .toBuffer(),
          left: BOX.left,
          top: BOX.top,
        },
      ])
      .png()
      .toBuffer();
    const r = await edit({ image: dataUrl(image), mask: dataUrl(mask), prompt: 'remove the tag' });
    expect(r).toMatchObject({ status: 'completed', error: null });
    const res = await fetch(r.output![0]);
    expect(res.headers.get('x-drape-renderer')).toBe('drape-local-preview');
    const out = Buffer.from(await res.arrayBuffer());
    const diff = await compare(image, out);
    expect(diff.outside).toBe(0);
    expect(diff.inside).toBeGreaterThan(BOX.width * BOX.height * 0.9);
  }, 60_000);

  it('answers 400 for inputs FASHN refuses, and fails a mask of another size', async () => {
    const image = dataUrl(await picture());
    await expect(edit({ image })).rejects.toBeInstanceOf(BadRequestError);
    await expect(edit({ image, prompt: 'x', resolution: '8k' })).rejects.toBeInstanceOf(BadRequestError);
    await expect(edit({ prompt: 'x' })).rejects.toBeInstanceOf(BadRequestError);
    const small = dataUrl(
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const r = await edit({ image, mask: small, prompt: 'x' });
    expect(r).toMatchObject({ status: 'failed', error: { name: 'InputValidationError' } });
  }, 60_000);
});

async function operator(): Promise<TestUser> {
  const u = await createUser();
  const made = await serviceClient().auth.admin.updateUserById(u.id, { app_metadata: { role: 'operator' } });
  if (made.error) throw made.error;
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (signedIn.error) throw signedIn.error;
  return { ...u, client };
}

/** A seller's fix with a drawing: a red loop inside BOX over the result, as the fix screen stores it
 *  (widened by the brush radius and filled, the mask stays inside BOX). */
async function fixWithDrawing(s: TestUser) {
  const project = await startGeneration(s.client, await recordUpload(s.client, s.id));
  await finishImages(project.id);
  const admin = serviceClient();
  const [image] = must(await admin.from('images').select('id').eq('project_id', project.id)) as {
    id: string;
  }[];
  const original = await picture();
  const name = `${s.id}/${project.id}/${image.id}.png`;
  must(
    await admin.storage.from('generated').upload(name, original, { contentType: 'image/png', upsert: true }),
  );
  const stroke = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="${BOX.left + 8}" y="${BOX.top + 8}" width="${BOX.width - 16}" height="${BOX.height - 16}" fill="none" stroke="#ff0000" stroke-width="3"/></svg>`,
  );
  const drawing = await sharp(original)
    .composite([{ input: stroke }])
    .png()
    .toBuffer();
  const drawingPath = `${s.id}/${project.id}/${Date.now()}.png`;
  must(
    await s.client.storage.from('fix-drawings').upload(drawingPath, drawing, { contentType: 'image/png' }),
  );
  const r = must(
    await s.client.rpc('request_project_fix', {
      project_id: project.id,
      description: 'Remove the tag',
      annotated_image: drawingPath,
      request_id: randomUUID(),
    }),
  ) as { fix: { id: string } };
  return { projectId: project.id, fixId: r.fix.id, original };
}

async function call(who: TestUser | null, body: Record<string, unknown>) {
  const token = who ? (await who.client.auth.getSession()).data.session!.access_token : stack().anonKey;
  const res = await fetch(`${stack().url}/functions/v1/operator-ai-fix`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      apikey: stack().anonKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Reads the fix's state (as the console does) until its attempt is no longer running. */
async function settled(op: TestUser, fixId: string) {
  for (;;) {
    const r = await call(op, { action: 'state', fix_id: fixId });
    expect(r.status).toBe(200);
    if (r.body.attempt?.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('operator-ai-fix', () => {
  it('keeps the AI picture from the seller, discards it, and sends a new one exactly once', async () => {
    const s = await seller({ credits: 3 });
    const op = await operator();
    const { projectId, fixId, original } = await fixWithDrawing(s);

    const tried = await call(op, { action: 'try', fix_id: fixId });
    expect(tried.status).toBe(200);
    expect(tried.body.attempt).toMatchObject({ status: 'running', provider: 'local' });
    const first = (await settled(op, fixId)).attempt;
    expect(first).toMatchObject({ status: 'ready', result_path: `${s.id}/${projectId}/ai-${first.id}.png` });

    // the operator sees it; the seller, and anyone else, cannot read it
    const ai = must(await op.client.storage.from('fix-ai').download(first.result_path)) as Blob;
    const diff = await compare(original, new Uint8Array(await ai.arrayBuffer()));
    expect(diff.outside).toBe(0);
    expect(diff.inside).toBeGreaterThan(BOX.width * BOX.height * 0.5);
    expect((await s.client.storage.from('fix-ai').download(first.result_path)).error).not.toBeNull();
    expect((await anonClient().storage.from('fix-ai').download(first.result_path)).error).not.toBeNull();

    // a second try waits for this one to be sent or discarded
    expect(await call(op, { action: 'try', fix_id: fixId })).toMatchObject({
      status: 409,
      body: { code: 'ai_attempt_open' },
    });

    // discarded: nothing reaches the seller
    const discarded = await call(op, { action: 'discard', attempt_id: first.id });
    expect(discarded).toMatchObject({ status: 200, body: { attempt: { status: 'discarded' } } });
    expect(await call(op, { action: 'send', attempt_id: first.id })).toMatchObject({
      status: 409,
      body: { code: 'ai_attempt_not_ready' },
    });
    const pending = must(await s.client.from('fixes').select('status, result_path').eq('id', fixId));
    expect(pending).toEqual([{ status: 'pending', result_path: null }]);
    expect(must(await s.client.from('notifications').select('type').eq('type', 'fix_completed'))).toEqual([]);
    const gone = must(await serviceClient().storage.from('fix-ai').list(`${s.id}/${projectId}`)) as {
      name: string;
    }[];
    expect(gone.map((o) => o.name)).toEqual([]);

    // tried again and sent: the fix is answered with the AI picture, once
    expect((await call(op, { action: 'try', fix_id: fixId })).status).toBe(200);
    const second = (await settled(op, fixId)).attempt;
    expect(second.status).toBe('ready');
    const aiBytes = new Uint8Array(
      await (must(await op.client.storage.from('fix-ai').download(second.result_path)) as Blob).arrayBuffer(),
    );
    const [a, b] = await Promise.all([
      call(op, { action: 'send', attempt_id: second.id }),
      call(op, { action: 'send', attempt_id: second.id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const sent = a.status === 200 ? a : b;
    const name = sent.body.fix.result_path;
    expect(name).toMatch(new RegExp(`^${s.id}/${projectId}/fix-${fixId}-[0-9a-f]{8}\\.png$`));
    expect(sent.body.fix).toMatchObject({
      status: 'completed',
      result_path: name,
      result_watermarked_path: name,
    });
    expect(sent.body.attempt).toMatchObject({ status: 'sent' });
    const clean = await (
      must(await serviceClient().storage.from('generated').download(name)) as Blob
    ).arrayBuffer();
    expect(Buffer.from(clean).equals(Buffer.from(aiBytes))).toBe(true);
    // the free-plan seller reads the watermarked copy and is told once
    expect((await s.client.storage.from('watermarked').download(name)).error).toBeNull();
    expect(must(await s.client.from('notifications').select('type').eq('type', 'fix_completed'))).toEqual([
      { type: 'fix_completed' },
    ]);
    expect(await call(op, { action: 'send', attempt_id: second.id })).toMatchObject({ status: 409 });

    const audit = must(
      await op.client.from('operator_actions').select('action').eq('subject', fixId).order('created_at'),
    ) as { action: string }[];
    expect(audit.map((r) => r.action).sort()).toEqual(
      ['ai_attempt', 'ai_discard', 'ai_attempt', 'answer_fix', 'ai_send'].sort(),
    );
  }, 90_000);

  it('refuses anon and sellers, even the fix’s own, and asks FASHN nothing for them', async () => {
    const s = await seller({ credits: 3 });
    const { fixId } = await fixWithDrawing(s);
    expect((await call(null, { action: 'try', fix_id: fixId })).status).toBe(401);
    expect(await call(s, { action: 'try', fix_id: fixId })).toEqual({
      status: 403,
      body: { error: 'Only operators can do this', code: 'operator_only' },
    });
    expect(await call(s, { action: 'state', fix_id: fixId })).toMatchObject({ status: 403 });
    // nor can they call the SQL functions or read the attempts directly
    const direct = await s.client.rpc('operator_ai_fix_begin', {
      fix_id: fixId,
      provider: 'local',
      prompt: 'x',
    });
    expect(direct.error?.hint).toBe('operator_only');
    expect((await s.client.from('operator_fix_attempts' as never).select('*')).error).not.toBeNull();
  }, 60_000);

  it('says why a fix cannot be tried: no drawing, or already finished', async () => {
    const s = await seller({ credits: 3 });
    const op = await operator();
    const project = await startGeneration(s.client, await recordUpload(s.client, s.id));
    await finishImages(project.id);
    const r = must(
      await s.client.rpc('request_project_fix', {
        project_id: project.id,
        description: 'Too dark',
        request_id: randomUUID(),
      }),
    ) as { fix: { id: string } };
    expect(await call(op, { action: 'try', fix_id: r.fix.id })).toMatchObject({
      status: 400,
      body: { code: 'fix_no_drawing' },
    });
    must(await op.client.rpc('operator_reject_fix', { fix_id: r.fix.id, note: 'Not a fix' }));
    expect(await call(op, { action: 'try', fix_id: r.fix.id })).toMatchObject({
      status: 409,
      body: { code: 'fix_finished' },
    });
  }, 60_000);
});
