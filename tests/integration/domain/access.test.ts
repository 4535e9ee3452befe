// The access matrix through the official client (supabase-js against the local stack):
// for every table and every bucket, as anonymous, as another user and as the owner,
// select / insert / update / delete do exactly what the rules allow. A row that shows up
// or changes where it should not is reported as a LEAK and fails the suite; afterwards the
// owner's data is checked to be exactly as the allowed operations left it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, type TestUser } from '../../support/clients.ts';
import {
  must,
  recordUpload,
  seller,
  setCredits,
  startGeneration,
  finishImages,
} from '../../support/domain.ts';

type Actor = 'anon' | 'other' | 'owner';
type Allowed = Partial<Record<Actor, true>>;
const everyone: Allowed = { anon: true, other: true, owner: true };
const ownerOnly: Allowed = { owner: true };
const nobody: Allowed = {};

/** Codes that mean "refused by a rule". Any other error means a broken request and fails. */
const DENIAL = new Set(['42501', 'P0001', '23514', 'PGRST116']);

interface Fixture {
  owner: TestUser;
  other: TestUser;
  ids: Record<string, string>;
}
let fx: Fixture;
const anon = anonClient();

beforeAll(async () => {
  const owner = await seller();
  const other = await seller();
  await setCredits(owner.id, 10);
  const product = await recordUpload(owner.client, owner.id);
  const done = await startGeneration(owner.client, product);
  await finishImages(done.id, 'completed');
  const running = await startGeneration(owner.client, product);
  const doomed = await startGeneration(owner.client, product);
  // a project still processing cannot be deleted: the one the owner deletes has finished
  await finishImages(doomed.id, 'completed');
  const fix = must(
    await owner.client.rpc('request_project_fix', { project_id: done.id, description: 'collar' }),
  ) as any;
  must(await owner.client.rpc('charge_tool_use', { tool: 'photo-combiner' }));
  must(await owner.client.rpc('submit_feedback', { feedback: 'hello' }));
  const admin = serviceClient();
  must(
    await admin.rpc('record_payment_event', {
      event_id: `evt_${owner.id}`,
      event_type: 't',
      user_id: owner.id,
    }),
  );
  const one = async (table: string, col = 'user_id') =>
    (must(await admin.from(table).select('id').eq(col, owner.id).limit(1)) as { id: string }[])[0].id;
  fx = {
    owner,
    other,
    ids: {
      done: done.id,
      running: running.id,
      doomed: doomed.id,
      image: running.images[0].id,
      fix: fix.fix.id,
      fixRequest: await one('fix_requests'),
      notification: await one('notifications'),
      log: await one('webhook_logs'),
      ledger: await one('credit_ledger'),
      upload: await one('uploaded_files'),
      notice: await one('outbound_notices'),
      event: `evt_${owner.id}`,
    },
  };
});

interface Case {
  table: string;
  op: 'select' | 'insert' | 'update' | 'delete';
  what: string;
  /** the request, made by `c` acting as `actorId` against the owner's rows */
  run: (c: SupabaseClient, actorId: string) => PromiseLike<{ data: any; error: any }>;
  allowed: Allowed;
}

const catalogue: [
  table: string,
  key: string,
  value: string | number,
  change: Record<string, unknown>,
  row: Record<string, unknown>,
][] = [
  ['plans', 'id', 'free', { monthly_credits: 1000 }, { id: 'gold', rank: 9, name: 'Gold' }],
  [
    'credit_prices',
    'item',
    'image',
    { credits: 0.01 },
    { item: 'free-stuff', kind: 'tool', credits: 0.01, name: 'x' },
  ],
  [
    'credit_volume_discounts',
    'min_credits',
    100,
    { discount_percent: 99 },
    { min_credits: 25, discount_percent: 90 },
  ],
  [
    'models',
    'id',
    1,
    { name: 'Hacked' },
    { id: 500, gender: 'women', slug: 'x', name: 'x', age_range: '18-25', sort_order: 1, image_path: 'x' },
  ],
  ['model_media', 'model_id', 1, { path: '/x' }, { model_id: 1, position: 9, kind: 'image', path: '/x' }],
  [
    'poses',
    'id',
    1,
    { name: 'Hacked' },
    {
      gender: 'women',
      id: 9,
      slug: 'x',
      name: 'x',
      description: 'x',
      prompt: 'x',
      image_path: 'x',
      sort_order: 9,
    },
  ],
  [
    'backgrounds',
    'id',
    2,
    { name: 'Hacked' },
    { id: 99, slug: 'x', name: 'x', type: 'x', prompt: 'x', on_model: true, flat_lay: true, sort_order: 9 },
  ],
  [
    'video_styles',
    'id',
    'casual',
    { name_en: 'Hacked' },
    {
      id: 'x',
      name_en: 'x',
      name_el: 'x',
      prompt: 'x',
      preview_image_path: 'x',
      preview_video_path: 'x',
      sort_order: 9,
    },
  ],
];

function cases(): Case[] {
  const o = () => fx.owner.id;
  const id = (k: string) => fx.ids[k];
  return [
    ...catalogue.flatMap(([t, key, value, change, row]): Case[] => [
      {
        table: t,
        op: 'select',
        what: 'read',
        run: (c) => c.from(t).select('*').eq(key, value),
        allowed: everyone,
      },
      { table: t, op: 'insert', what: 'add', run: (c) => c.from(t).insert(row).select(), allowed: nobody },
      {
        table: t,
        op: 'update',
        what: 'change',
        run: (c) => c.from(t).update(change).eq(key, value).select(),
        allowed: nobody,
      },
      {
        table: t,
        op: 'delete',
        what: 'remove',
        run: (c) => c.from(t).delete().eq(key, value).select(),
        allowed: nobody,
      },
    ]),

    {
      table: 'profiles',
      op: 'select',
      what: "the owner's profile",
      run: (c) => c.from('profiles').select('*').eq('id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'profiles',
      op: 'insert',
      what: "upsert the owner's profile",
      run: (c) =>
        c
          .from('profiles')
          .upsert({ id: o(), full_name: 'Upserted', updated_at: new Date().toISOString() })
          .select(),
      allowed: ownerOnly,
    },
    {
      table: 'profiles',
      op: 'update',
      what: 'the name',
      run: (c) => c.from('profiles').update({ full_name: 'Renamed' }).eq('id', o()).select(),
      allowed: ownerOnly,
    },
    {
      table: 'profiles',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('profiles').delete().eq('id', o()).select(),
      allowed: nobody,
    },

    {
      table: 'subscriptions',
      op: 'select',
      what: "the owner's balance",
      run: (c) => c.from('subscriptions').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'subscriptions',
      op: 'insert',
      what: 'a subscription',
      run: (c, me) =>
        c
          .from('subscriptions')
          .upsert({ user_id: me, plan: 'advanced', credits_remaining: 100, plan_credits: 100 })
          .select(),
      allowed: nobody,
    },
    {
      table: 'subscriptions',
      op: 'update',
      what: 'the balance',
      run: (c) =>
        c
          .from('subscriptions')
          .update({ credits_remaining: 1000, plan_credits: 1000 })
          .eq('user_id', o())
          .select(),
      allowed: nobody,
    },
    {
      table: 'subscriptions',
      op: 'update',
      what: 'the plan',
      run: (c) => c.from('subscriptions').update({ plan: 'advanced' }).eq('user_id', o()).select(),
      allowed: nobody,
    },
    {
      table: 'subscriptions',
      op: 'update',
      what: 'the cancellation flag',
      run: (c) => c.from('subscriptions').update({ cancel_at_period_end: true }).eq('user_id', o()).select(),
      allowed: nobody,
    },
    {
      table: 'subscriptions',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('subscriptions').delete().eq('user_id', o()).select(),
      allowed: nobody,
    },

    {
      table: 'credit_ledger',
      op: 'select',
      what: "the owner's ledger",
      run: (c) => c.from('credit_ledger').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'credit_ledger',
      op: 'insert',
      what: 'a credit',
      run: (c, me) =>
        c
          .from('credit_ledger')
          .insert({ user_id: me, amount: 100, plan_delta: 100, balance_after: 100, reason: 'adjustment' })
          .select(),
      allowed: nobody,
    },
    {
      table: 'credit_ledger',
      op: 'update',
      what: 'an amount',
      run: (c) => c.from('credit_ledger').update({ amount: 100 }).eq('id', id('ledger')).select(),
      allowed: nobody,
    },
    {
      table: 'credit_ledger',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('credit_ledger').delete().eq('id', id('ledger')).select(),
      allowed: nobody,
    },

    {
      table: 'projects',
      op: 'select',
      what: "the owner's projects",
      run: (c) => c.from('projects').select('*, images(*)').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'projects',
      op: 'insert',
      what: 'a project without paying',
      run: (c, me) =>
        c
          .from('projects')
          .insert({ user_id: me, name: 'Free', type: 'on-model', status: 'completed' })
          .select(),
      allowed: nobody,
    },
    {
      table: 'projects',
      op: 'update',
      what: 'rename',
      run: (c) => c.from('projects').update({ name: 'Renamed' }).eq('id', id('running')).select(),
      allowed: ownerOnly,
    },
    {
      table: 'projects',
      op: 'update',
      what: 'archive the completed project',
      run: (c) => c.from('projects').update({ status: 'archived' }).eq('id', id('done')).select(),
      allowed: ownerOnly,
    },
    {
      table: 'projects',
      op: 'update',
      what: 'mark a processing project completed',
      run: (c) => c.from('projects').update({ status: 'completed' }).eq('id', id('running')).select(),
      allowed: nobody,
    },
    {
      table: 'projects',
      op: 'update',
      what: 'the video',
      run: (c) =>
        c
          .from('projects')
          .update({ video_status: 'completed', video_url: 'https://x' })
          .eq('id', id('done'))
          .select(),
      allowed: nobody,
    },
    {
      table: 'projects',
      op: 'update',
      what: 'the price charged',
      run: (c) => c.from('projects').update({ credits_charged: 0 }).eq('id', id('done')).select(),
      allowed: nobody,
    },
    {
      table: 'projects',
      op: 'update',
      what: 'the owner',
      run: (c, me) => c.from('projects').update({ user_id: me }).eq('id', id('done')).select(),
      allowed: nobody,
    },

    {
      table: 'images',
      op: 'select',
      what: "the owner's images",
      run: (c) => c.from('images').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'images',
      op: 'insert',
      what: 'an image',
      run: (c, me) =>
        c
          .from('images')
          .insert({
            project_id: id('running'),
            user_id: me,
            original_path: 'x',
            pose_id: 1,
            status: 'completed',
          })
          .select(),
      allowed: nobody,
    },
    {
      table: 'images',
      op: 'update',
      what: 'an outcome',
      run: (c) =>
        c.from('images').update({ status: 'completed', generated_path: 'x' }).eq('id', id('image')).select(),
      allowed: nobody,
    },
    {
      table: 'images',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('images').delete().eq('id', id('image')).select(),
      allowed: nobody,
    },

    {
      table: 'fixes',
      op: 'select',
      what: "the owner's fixes with project name",
      run: (c) => c.from('fixes').select('id, status, projects(name)').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'fixes',
      op: 'insert',
      what: 'a fix without the rules',
      run: (c, me) =>
        c
          .from('fixes')
          .insert({ project_id: id('running'), user_id: me, description: 'x' })
          .select(),
      allowed: nobody,
    },
    {
      table: 'fixes',
      op: 'update',
      what: 'the status',
      run: (c) => c.from('fixes').update({ status: 'completed' }).eq('id', id('fix')).select(),
      allowed: nobody,
    },

    {
      table: 'fix_requests',
      op: 'select',
      what: "the owner's fix requests",
      run: (c) => c.from('fix_requests').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'fix_requests',
      op: 'insert',
      what: 'a free fix record',
      run: (c, me) =>
        c
          .from('fix_requests')
          .insert({ project_id: id('running'), user_id: me, is_free: true })
          .select(),
      allowed: nobody,
    },
    {
      table: 'fix_requests',
      op: 'update',
      what: 'is_free',
      run: (c) => c.from('fix_requests').update({ is_free: false }).eq('id', id('fixRequest')).select(),
      allowed: nobody,
    },
    {
      table: 'fix_requests',
      op: 'delete',
      what: 'remove (to win a free fix back)',
      run: (c) => c.from('fix_requests').delete().eq('id', id('fixRequest')).select(),
      allowed: nobody,
    },

    {
      table: 'notifications',
      op: 'select',
      what: "the owner's notifications",
      run: (c) => c.from('notifications').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'notifications',
      op: 'insert',
      what: 'a notification',
      run: (c, me) =>
        c
          .from('notifications')
          .insert({ user_id: me, type: 'credits_low', title: 'x', message: 'y', read: false })
          .select(),
      allowed: nobody,
    },
    {
      table: 'notifications',
      op: 'update',
      what: 'mark read',
      run: (c) => c.from('notifications').update({ read: true }).eq('id', id('notification')).select(),
      allowed: ownerOnly,
    },
    {
      table: 'notifications',
      op: 'update',
      what: 'the text',
      run: (c) => c.from('notifications').update({ message: 'x' }).eq('id', id('notification')).select(),
      allowed: nobody,
    },
    {
      table: 'notifications',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('notifications').delete().eq('id', id('notification')).select(),
      allowed: nobody,
    },

    {
      table: 'webhook_logs',
      op: 'select',
      what: "the owner's activity",
      run: (c) => c.from('webhook_logs').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'webhook_logs',
      op: 'insert',
      what: 'an activity row',
      run: (c, me) =>
        c
          .from('webhook_logs')
          .insert({ user_id: me, event_type: 'user_activity_tool_used', raw_data: {} })
          .select(),
      allowed: nobody,
    },
    {
      table: 'webhook_logs',
      op: 'update',
      what: 'an activity row',
      run: (c) => c.from('webhook_logs').update({ raw_data: {} }).eq('id', id('log')).select(),
      allowed: nobody,
    },
    {
      table: 'webhook_logs',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('webhook_logs').delete().eq('id', id('log')).select(),
      allowed: nobody,
    },

    {
      table: 'uploaded_files',
      op: 'select',
      what: "the owner's uploads",
      run: (c) => c.from('uploaded_files').select('*').eq('user_id', o()),
      allowed: ownerOnly,
    },
    {
      table: 'uploaded_files',
      op: 'insert',
      what: "a record in the owner's folder",
      run: (c, me) =>
        c
          .from('uploaded_files')
          .insert({
            user_id: me,
            file_name: 'a.png',
            file_path: `${o()}/${Date.now()}-${me.slice(0, 4)}-a.png`,
          })
          .select(),
      allowed: ownerOnly,
    },
    {
      table: 'uploaded_files',
      op: 'insert',
      what: 'a record for the owner',
      run: (c, me) =>
        c
          .from('uploaded_files')
          .insert({
            user_id: o(),
            file_name: 'b.png',
            file_path: `${o()}/${Date.now()}-${me.slice(0, 4)}-b.png`,
          })
          .select(),
      allowed: ownerOnly,
    },
    {
      table: 'uploaded_files',
      op: 'update',
      what: 'the name',
      run: (c) => c.from('uploaded_files').update({ file_name: 'b.png' }).eq('id', id('upload')).select(),
      allowed: nobody,
    },

    {
      table: 'outbound_notices',
      op: 'select',
      what: "the owner's notices",
      run: (c) => c.from('outbound_notices').select('*').eq('user_id', o()),
      allowed: nobody,
    },
    {
      table: 'outbound_notices',
      op: 'insert',
      what: 'a notice',
      run: (c, me) =>
        c.from('outbound_notices').insert({ user_id: me, kind: 'feedback', payload: {} }).select(),
      allowed: nobody,
    },
    {
      table: 'outbound_notices',
      op: 'update',
      what: 'a delivery state',
      run: (c) => c.from('outbound_notices').update({ status: 'sent' }).eq('id', id('notice')).select(),
      allowed: nobody,
    },
    {
      table: 'outbound_notices',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('outbound_notices').delete().eq('id', id('notice')).select(),
      allowed: nobody,
    },

    {
      table: 'payment_events',
      op: 'select',
      what: 'events',
      run: (c) => c.from('payment_events').select('*').eq('user_id', o()),
      allowed: nobody,
    },
    {
      table: 'payment_events',
      op: 'insert',
      what: 'an event',
      run: (c, me) =>
        c
          .from('payment_events')
          .insert({ id: `evt_${me}_${Date.now()}`, type: 'x', user_id: me })
          .select(),
      allowed: nobody,
    },
    {
      table: 'payment_events',
      op: 'update',
      what: 'processed',
      run: (c) => c.from('payment_events').update({ processed_at: null }).eq('id', id('event')).select(),
      allowed: nobody,
    },
    {
      table: 'payment_events',
      op: 'delete',
      what: 'remove',
      run: (c) => c.from('payment_events').delete().eq('id', id('event')).select(),
      allowed: nobody,
    },

    // the owner's deletes come last: they remove rows
    {
      table: 'fixes',
      op: 'delete',
      what: "the owner's fix",
      run: (c) => c.from('fixes').delete().eq('id', id('fix')).select(),
      allowed: ownerOnly,
    },
    {
      table: 'uploaded_files',
      op: 'delete',
      what: "the owner's upload record",
      run: (c) => c.from('uploaded_files').delete().eq('id', id('upload')).select(),
      allowed: ownerOnly,
    },
    {
      table: 'projects',
      op: 'delete',
      what: "the owner's project",
      run: (c) => c.from('projects').delete().eq('id', id('doomed')).select(),
      allowed: ownerOnly,
    },
  ];
}

const TABLES = [
  ...catalogue.map(([t]) => t),
  'profiles',
  'subscriptions',
  'credit_ledger',
  'projects',
  'images',
  'fixes',
  'fix_requests',
  'notifications',
  'webhook_logs',
  'uploaded_files',
  'outbound_notices',
  'payment_events',
];

function clientFor(actor: Actor): [SupabaseClient, string] {
  if (actor === 'anon') return [anon, fx.owner.id];
  const u = actor === 'owner' ? fx.owner : fx.other;
  return [u.client, u.id];
}

describe('access matrix through supabase-js: tables', () => {
  it('every table is covered for select, insert, update and delete', () => {
    const all = cases();
    for (const t of TABLES) {
      expect([...new Set(all.filter((c) => c.table === t).map((c) => c.op))].sort(), t).toEqual([
        'delete',
        'insert',
        'select',
        'update',
      ]);
    }
  });

  for (const actor of ['anon', 'other', 'owner'] as const) {
    it(`as ${actor}`, async () => {
      const problems: string[] = [];
      const [client, actingId] = clientFor(actor);
      for (const c of cases()) {
        const { data, error } = await c.run(client, actingId);
        const label = `${c.table} ${c.op} (${c.what}) as ${actor}`;
        const allowed = c.allowed[actor] === true;
        if (error) {
          if (!DENIAL.has(error.code))
            problems.push(`${label}: unexpected error ${error.code} ${error.message}`);
          else if (allowed)
            problems.push(`${label}: refused (${error.code} ${error.message}), should be allowed`);
        } else {
          const rows = Array.isArray(data) ? data.length : data ? 1 : 0;
          if (allowed && rows === 0) problems.push(`${label}: no row, should be allowed`);
          if (!allowed && rows > 0) problems.push(`${label}: LEAK — ${rows} row(s)`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("afterwards the owner's money, plan and history are exactly as the rules left them", async () => {
    const admin = serviceClient();
    const sub = must(
      await admin
        .from('subscriptions')
        .select('plan, credits_remaining, cancel_at_period_end')
        .eq('user_id', fx.owner.id)
        .single(),
    );
    // 10 - 3 generations - 1 fix (no free fixes on free) - 0.15 photo combiner
    expect(sub).toEqual({ plan: 'free', credits_remaining: 5.85, cancel_at_period_end: false });
    const ledger = must(await admin.from('credit_ledger').select('amount').eq('user_id', fx.owner.id)) as {
      amount: number;
    }[];
    expect(Math.round(ledger.reduce((s, l) => s + Number(l.amount), 0) * 100) / 100).toBe(5.85);
    const images = must(await admin.from('images').select('status').eq('id', fx.ids.image).single());
    expect(images).toEqual({ status: 'pending' });
    const other = must(
      await admin.from('subscriptions').select('plan, credits_remaining').eq('user_id', fx.other.id).single(),
    );
    expect(other).toEqual({ plan: 'free', credits_remaining: 2 });
    const logs = must(await admin.from('webhook_logs').select('id').eq('user_id', fx.other.id)) as unknown[];
    expect(logs).toEqual([]);
  });
});

// -----------------------------------------------------------------------------------------

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BUCKETS = ['uploads', 'fix-drawings', 'tool-images', 'generated', 'watermarked', 'videos'] as const;
const OWNER_WRITES = new Set<string>(['uploads', 'fix-drawings', 'tool-images']);
const typeOf = (bucket: string) => (bucket === 'videos' ? 'video/mp4' : 'image/png');

describe('access matrix through supabase-js: buckets', () => {
  for (const bucket of BUCKETS) {
    it(bucket, async () => {
      const owner = await seller();
      const other = await seller();
      const admin = serviceClient();
      const folder = `${owner.id}/p`;
      const name = `${folder}/object.${bucket === 'videos' ? 'mp4' : 'png'}`;
      must(await admin.storage.from(bucket).upload(name, PNG, { contentType: typeOf(bucket) }));

      const clients: Record<Actor, SupabaseClient> = { anon, other: other.client, owner: owner.client };
      const problems: string[] = [];
      const expectOutcome = (
        label: string,
        allowed: boolean,
        r: { data: any; error: any },
        seen: (d: any) => boolean,
      ) => {
        if (r.error && allowed) problems.push(`${label}: refused (${r.error.message}), should be allowed`);
        if (!r.error && allowed && !seen(r.data)) problems.push(`${label}: nothing, should be allowed`);
        if (!r.error && !allowed && seen(r.data)) problems.push(`${label}: LEAK`);
      };

      for (const actor of ['anon', 'other', 'owner'] as const) {
        const files = clients[actor].storage.from(bucket);
        const mayRead = actor === 'owner' && bucket !== 'generated'; // free plan: no clean images
        const mayWrite = actor === 'owner' && OWNER_WRITES.has(bucket);
        expectOutcome(
          `${bucket} download as ${actor}`,
          mayRead,
          await files.download(name),
          (d) => !!d && d.size > 0,
        );
        expectOutcome(
          `${bucket} list as ${actor}`,
          mayRead,
          await files.list(folder),
          (d) => Array.isArray(d) && d.some((f: any) => f.name.startsWith('object')),
        );
        expectOutcome(
          `${bucket} signed URL as ${actor}`,
          mayRead,
          await files.createSignedUrl(name, 60),
          (d) => !!d?.signedUrl,
        );
        expectOutcome(
          `${bucket} upload into the owner's folder as ${actor}`,
          mayWrite,
          await files.upload(`${folder}/new-${actor}.png`, PNG, { contentType: typeOf(bucket) }),
          (d) => !!d?.path,
        );
        expectOutcome(
          `${bucket} overwrite as ${actor}`,
          mayWrite,
          await files.update(name, PNG, { contentType: typeOf(bucket) }),
          (d) => !!d?.path,
        );
      }
      // a user writing into their own folder of a bucket only the server writes
      expectOutcome(
        `${bucket} upload into one's own folder as other`,
        OWNER_WRITES.has(bucket),
        await other.client.storage
          .from(bucket)
          .upload(`${other.id}/mine.png`, PNG, { contentType: typeOf(bucket) }),
        (d) => !!d?.path,
      );
      for (const actor of ['anon', 'other', 'owner'] as const) {
        const mayDelete = actor === 'owner' && OWNER_WRITES.has(bucket);
        expectOutcome(
          `${bucket} remove as ${actor}`,
          mayDelete,
          await clients[actor].storage.from(bucket).remove([name]),
          (d) => Array.isArray(d) && d.length > 0,
        );
      }
      expect(problems).toEqual([]);
      // the object is gone only where the owner may remove it
      const still = await admin.storage.from(bucket).download(name);
      expect(still.error === null, `${bucket} object still there`).toBe(!OWNER_WRITES.has(bucket));
    });
  }

  it('clean generated images: the owner reads them only on a paid plan', async () => {
    const owner = await seller();
    const admin = serviceClient();
    const name = `${owner.id}/p/clean.png`;
    must(await admin.storage.from('generated').upload(name, PNG, { contentType: 'image/png' }));
    expect((await owner.client.storage.from('generated').download(name)).error).not.toBeNull();
    expect((await owner.client.storage.from('generated').createSignedUrl(name, 60)).error).not.toBeNull();
    must(
      await admin.rpc('activate_plan', {
        user_id: owner.id,
        plan: 'lite',
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 1e9).toISOString(),
      }),
    );
    const ok = await owner.client.storage.from('generated').download(name);
    expect(ok.error).toBeNull();
    expect(ok.data!.size).toBe(PNG.length);
    const paidStranger = await seller({ plan: 'pro' });
    expect((await paidStranger.client.storage.from('generated').download(name)).error).not.toBeNull();
  });
});
