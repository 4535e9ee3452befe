// Web Push, sending side: a project that finishes while the seller's app is closed reaches
// each of the seller's devices as one push, encrypted for that device (RFC 8291) and signed
// with the stack's VAPID key (RFC 8292), worded in the device's language. A stand-in push
// service (tests/support/push-service.ts) checks the signature and decrypts what it gets.
// The stack runs in this test's process, so its functions trust the stand-in's self-signed
// certificate through NODE_TLS_REJECT_UNAUTHORIZED, set for this file only, and it is told
// the stand-in's origin (LOCAL_PUSH_SERVICE_ORIGIN), the one private address pushes may reach.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVapidKeys } from '../../../supabase/local/push/vapid-keys.ts';
import { type PushService, startPushService } from '../../support/push-service.ts';
import { type OwnStack, startOwnStack } from '../auth/own-stack.ts';

let own: OwnStack;
let push: PushService;
const vapid = makeVapidKeys();
const saved: Record<string, string | undefined> = {};

function setEnv(name: string, value: string) {
  saved[name] = process.env[name];
  process.env[name] = value;
}

beforeAll(async () => {
  setEnv('NODE_TLS_REJECT_UNAUTHORIZED', '0');
  setEnv('VAPID_PUBLIC_KEY', vapid.publicKey);
  setEnv('VAPID_PRIVATE_KEY', vapid.privateKey);
  setEnv('VAPID_SUBJECT', 'mailto:ops@drape.test');
  push = await startPushService();
  // the stand-in listens on 127.0.0.1: the stack lets pushes reach it only when told so
  setEnv('LOCAL_PUSH_SERVICE_ORIGIN', push.origin);
  own = await startOwnStack();
});

afterAll(async () => {
  await own?.close();
  await push?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function signedInSeller(): Promise<{ id: string; client: SupabaseClient }> {
  const email = `push-${randomUUID().slice(0, 8)}@example.test`;
  const created = await own
    .service()
    .auth.admin.createUser({ email, password: 'secret-pw-1', email_confirm: true });
  expect(created.error).toBeNull();
  const client = own.anon();
  expect((await client.auth.signInWithPassword({ email, password: 'secret-pw-1' })).error).toBeNull();
  return { id: created.data.user!.id, client };
}

/** A project in progress, as start_generation leaves it (the money side is not under test here). */
async function processingProject(userId: string, name: string): Promise<string> {
  const r = await own.db.query<{ id: string }>(
    `insert into public.projects (user_id, name, type, status) values ($1, $2, 'on-model', 'processing') returning id`,
    [userId, name],
  );
  return r.rows[0].id;
}

async function finish(projectId: string, status: 'completed' | 'failed') {
  await own.db.query(`update public.projects set status = $2 where id = $1`, [projectId, status]);
}

async function subscribe(client: SupabaseClient, language: 'en' | 'el') {
  const sub = push.subscription();
  const saved = await client.rpc('save_push_subscription', {
    endpoint: sub.endpoint,
    p256dh: sub.p256dh,
    auth: sub.auth,
    language,
    device_label: 'Chrome on Android',
  });
  expect(saved.error).toBeNull();
  return sub;
}

const pushesTo = (endpoint: string) => push.received.filter((r) => endpoint.endsWith(r.path));

describe('Web Push', () => {
  it('the app gets the public key it subscribes with from push-key', async () => {
    const { data, error } = await own.anon().functions.invoke('push-key', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toEqual({ publicKey: vapid.publicKey });
  });

  it('a finished project sends one push per device, in its language, naming the project', async () => {
    const seller = await signedInSeller();
    const greek = await subscribe(seller.client, 'el');
    const english = await subscribe(seller.client, 'en');
    const projectId = await processingProject(seller.id, 'Linen dress');
    await finish(projectId, 'completed');

    await expect.poll(() => pushesTo(greek.endpoint).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => pushesTo(english.endpoint).length, { timeout: 15_000 }).toBe(1);
    expect(push.rejected).toEqual([]);

    const [el] = pushesTo(greek.endpoint);
    expect(el.vapidKey).toBe(vapid.publicKey);
    expect(el.jwt).toMatchObject({ aud: push.origin, sub: 'mailto:ops@drape.test' });
    expect(el.payload).toMatchObject({
      title: 'Το έργο ολοκληρώθηκε',
      body: 'Το έργο σας «Linen dress» είναι έτοιμο.',
      url: `/projects/${projectId}`,
      tag: `project-${projectId}`,
      projectId,
      type: 'project_completed',
    });
    // the unread count for the badge: "project completed" is the seller's only notification
    expect(el.payload.unread).toBe(1);
    expect(pushesTo(english.endpoint)[0].payload).toMatchObject({
      title: 'Project completed',
      body: 'Your project "Linen dress" is ready.',
    });

    // the push service has answered; the sender records it as sent just after
    await expect
      .poll(
        async () =>
          (
            await own.db.query<{ status: string; n: number }>(
              `select d.status, count(*)::int as n from public.push_deliveries d
                 join public.notifications n on n.id = d.notification_id
                where n.project_id = $1 group by d.status`,
              [projectId],
            )
          ).rows,
        { timeout: 10_000 },
      )
      .toEqual([{ status: 'sent', n: 2 }]);
    // nothing is sent twice
    await own.stack.jobs.push.runNow();
    expect(pushesTo(greek.endpoint)).toHaveLength(1);
  });

  it('a failed generation is pushed too; another seller’s device gets nothing', async () => {
    const seller = await signedInSeller();
    const other = await signedInSeller();
    const mine = await subscribe(seller.client, 'en');
    const theirs = await subscribe(other.client, 'en');
    const projectId = await processingProject(seller.id, 'Wool coat');
    await finish(projectId, 'failed');

    await expect.poll(() => pushesTo(mine.endpoint).length, { timeout: 15_000 }).toBe(1);
    expect(pushesTo(mine.endpoint)[0].payload).toMatchObject({
      title: 'Generation failed',
      body: 'Project "Wool coat" generation failed. Please try again.',
      projectId,
    });
    await own.stack.jobs.push.runNow();
    expect(pushesTo(theirs.endpoint)).toHaveLength(0);
  });

  it('a 410 from the push service deletes the expired subscription', async () => {
    const seller = await signedInSeller();
    const expired = await subscribe(seller.client, 'en');
    push.answer(expired.endpoint, 410);
    const projectId = await processingProject(seller.id, 'Silk scarf');
    await finish(projectId, 'completed');

    await expect.poll(() => pushesTo(expired.endpoint).length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await own.db.query(`select 1 from public.push_subscriptions where endpoint = $1`, [
              expired.endpoint,
            ])
          ).rows.length,
        { timeout: 15_000 },
      )
      .toBe(0);
    const mineNow = await seller.client.from('push_subscriptions').select('id');
    expect(mineNow.data).toEqual([]);
  });

  it('a 500 keeps the push for a retry; it goes out when the push service is back', async () => {
    const seller = await signedInSeller();
    const sub = await subscribe(seller.client, 'en');
    push.answer(sub.endpoint, 500);
    const projectId = await processingProject(seller.id, 'Denim jacket');
    await finish(projectId, 'completed');
    await expect.poll(() => pushesTo(sub.endpoint).length, { timeout: 15_000 }).toBe(1);
    const row = async () =>
      (
        await own.db.query<{ status: string; attempts: number }>(
          `select d.status, d.attempts from public.push_deliveries d join public.push_subscriptions s
             on s.id = d.subscription_id where s.endpoint = $1`,
          [sub.endpoint],
        )
      ).rows[0];
    await expect.poll(row, { timeout: 15_000 }).toMatchObject({ status: 'pending', attempts: 1 });

    push.answer(sub.endpoint, 201);
    await own.db.query(
      `update public.push_deliveries set next_attempt_at = now()
        where subscription_id = (select id from public.push_subscriptions where endpoint = $1)`,
      [sub.endpoint],
    );
    await own.stack.jobs.runNow();
    await expect.poll(row, { timeout: 15_000 }).toMatchObject({ status: 'sent', attempts: 2 });
    expect(pushesTo(sub.endpoint).map((r) => r.status)).toEqual([500, 201]);
  });

  it('the switch off (the subscription deleted) → no push', async () => {
    const seller = await signedInSeller();
    const sub = await subscribe(seller.client, 'en');
    // what the settings switch does when turned off
    const deleted = await seller.client.from('push_subscriptions').delete().eq('endpoint', sub.endpoint);
    expect(deleted.error).toBeNull();
    expect((await seller.client.from('push_subscriptions').select('id')).data).toEqual([]);
    const projectId = await processingProject(seller.id, 'Cotton tee');
    await finish(projectId, 'completed');
    await own.stack.jobs.push.runNow();
    expect(pushesTo(sub.endpoint)).toHaveLength(0);
    const queued = await own.db.query(
      `select 1 from public.push_deliveries d join public.notifications n on n.id = d.notification_id
        where n.project_id = $1`,
      [projectId],
    );
    expect(queued.rows).toHaveLength(0);
  });
});

describe('where pushes go, and how many', () => {
  it('a device saved before the push-service rule, anywhere else, is refused at send and deleted', async () => {
    const seller = await signedInSeller();
    const good = await subscribe(seller.client, 'en');
    // another HTTPS server on this machine, as a row saved before save_push_subscription checked
    const elsewhere = await startPushService();
    try {
      const old = elsewhere.subscription();
      await own.db.query(
        `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
        [seller.id, old.endpoint, old.p256dh, old.auth],
      );
      const projectId = await processingProject(seller.id, 'Tweed blazer');
      await finish(projectId, 'completed');
      await expect.poll(() => pushesTo(good.endpoint).length, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(
          async () =>
            (
              await own.db.query(`select 1 from public.push_subscriptions where endpoint = $1`, [
                old.endpoint,
              ])
            ).rows.length,
          { timeout: 15_000 },
        )
        .toBe(0);
      expect(elsewhere.received).toEqual([]);
      expect(elsewhere.rejected).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('a redirect from the push service is not followed', async () => {
    let followed = 0;
    const inside = http.createServer((_req, res) => {
      followed += 1;
      res.end('internal');
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    try {
      const seller = await signedInSeller();
      const sub = await subscribe(seller.client, 'en');
      push.answer(sub.endpoint, 303, `http://127.0.0.1:${(inside.address() as AddressInfo).port}/admin`);
      const projectId = await processingProject(seller.id, 'Velvet skirt');
      await finish(projectId, 'completed');
      const row = async () =>
        (
          await own.db.query<{ status: string; attempts: number; last_error: string | null }>(
            `select d.status, d.attempts, d.last_error from public.push_deliveries d join public.push_subscriptions s
               on s.id = d.subscription_id where s.endpoint = $1`,
            [sub.endpoint],
          )
        ).rows[0];
      await expect.poll(row, { timeout: 15_000 }).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row()).last_error).toContain('303 (a redirect, not followed)');
      expect(pushesTo(sub.endpoint).map((r) => r.status)).toEqual([303]);
      expect(followed).toBe(0);
    } finally {
      inside.closeAllConnections();
      await new Promise<void>((r) => inside.close(() => r()));
    }
  });

  it('fifteen devices saved: a finished project pushes to the ten saved last', async () => {
    const seller = await signedInSeller();
    const subs = [];
    for (let i = 0; i < 15; i++) subs.push(await subscribe(seller.client, 'en'));
    const projectId = await processingProject(seller.id, 'Mohair cardigan');
    await finish(projectId, 'completed');
    for (const sub of subs.slice(5)) {
      await expect.poll(() => pushesTo(sub.endpoint).length, { timeout: 15_000 }).toBe(1);
    }
    await own.stack.jobs.push.runNow();
    for (const sub of subs.slice(0, 5)) expect(pushesTo(sub.endpoint)).toHaveLength(0);
  });

  it("eight push services of one seller that never answer do not hold back another seller's push", async () => {
    const slow = await signedInSeller();
    const hanging = [];
    for (let i = 0; i < 8; i++) {
      const sub = await subscribe(slow.client, 'en');
      push.answer(sub.endpoint, 'hang');
      hanging.push(sub);
    }
    const slowProject = await processingProject(slow.id, 'Cashmere scarf');
    await finish(slowProject, 'completed');
    // the slow seller's pushes are being sent and their push services keep them waiting
    await expect.poll(() => push.hanging.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);

    const other = await signedInSeller();
    const sub = await subscribe(other.client, 'en');
    const projectId = await processingProject(other.id, 'Leather belt');
    await finish(projectId, 'completed');
    await expect.poll(() => pushesTo(sub.endpoint).length, { timeout: 15_000 }).toBe(1);
    // it went while every one of the slow seller's pushes was still waiting for an answer
    const slowRows = await own.db.query<{ status: string; attempts: number }>(
      `select d.status, d.attempts from public.push_deliveries d
         join public.notifications n on n.id = d.notification_id where n.project_id = $1`,
      [slowProject],
    );
    expect(slowRows.rows).toHaveLength(8);
    expect(slowRows.rows.filter((r) => r.status === 'sending' || r.attempts === 0)).toHaveLength(8);
    // and they are given up on for now, to be tried again later
    await expect
      .poll(
        async () =>
          (
            await own.db.query<{ status: string; n: number }>(
              `select d.status, count(*)::int as n from public.push_deliveries d
                 join public.notifications n on n.id = d.notification_id where n.project_id = $1
                group by d.status`,
              [slowProject],
            )
          ).rows,
        { timeout: 30_000 },
      )
      .toEqual([{ status: 'pending', n: 8 }]);
  });
});

describe('push subscriptions under row-level security', () => {
  it('a seller sees and deletes only their own; saving again upserts by endpoint', async () => {
    const a = await signedInSeller();
    const b = await signedInSeller();
    const sub = await subscribe(a.client, 'en');
    // the same browser saved again (language changed): one row, updated
    const again = await a.client.rpc('save_push_subscription', {
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      language: 'el',
    });
    expect(again.error).toBeNull();
    const mine = await a.client.from('push_subscriptions').select('endpoint, language');
    expect(mine.data).toEqual([{ endpoint: sub.endpoint, language: 'el' }]);

    // b sees none of a's rows and cannot delete them
    expect((await b.client.from('push_subscriptions').select('id')).data).toEqual([]);
    const del = await b.client.from('push_subscriptions').delete().eq('endpoint', sub.endpoint);
    expect(del.error).toBeNull();
    expect((await a.client.from('push_subscriptions').select('id')).data).toHaveLength(1);
    // the keys are never read back by the app
    const keys = await a.client.from('push_subscriptions').select('p256dh, auth');
    expect(keys.error).not.toBeNull();

    // b signs in on the same browser and saves it: it now pushes to b only
    const moved = await b.client.rpc('save_push_subscription', {
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      language: 'en',
    });
    expect(moved.error).toBeNull();
    expect((await a.client.from('push_subscriptions').select('id')).data).toEqual([]);
    expect((await b.client.from('push_subscriptions').select('endpoint')).data).toEqual([
      { endpoint: sub.endpoint },
    ]);
  });

  it('refuses a subscription that is not one', async () => {
    const a = await signedInSeller();
    const bad = await a.client.rpc('save_push_subscription', {
      endpoint: 'http://push.example/insecure',
      p256dh: 'x',
      auth: 'y',
    });
    expect(bad.error?.message).toBe('Invalid push subscription');
    expect(bad.error?.hint).toBe('push_subscription_invalid');
    const anon = await own.anon().rpc('save_push_subscription', {
      endpoint: push.subscription().endpoint,
      p256dh: 'x'.repeat(87),
      auth: 'y'.repeat(22),
    });
    expect(anon.error).not.toBeNull();
  });
});
