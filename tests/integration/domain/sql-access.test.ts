// The access matrix in SQL: for every table and bucket, as anonymous, as another user and
// as the owner, select / insert / update / delete do exactly what the rules allow. Any
// other outcome — a row seen or changed that should not be — fails the suite.
// (tests/integration/domain/access.test.ts runs the same matrix through supabase-js.)
import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../supabase/local/config.ts';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openIsolatedDomainDb,
  rpcAs,
  selection,
  sqlAs,
  sqlSetCredits,
  sqlUpload,
  sqlUser,
  withRole,
  type Who,
} from '../../support/domain.ts';

// A database of its own: on PostgreSQL the suite's stack would send the pushes queued here
// and delete the test's device (an address a push never goes to), racing the owner's checks.
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openIsolatedDomainDb('access'));
}, 120_000);
afterAll(async () => {
  await drop?.();
});

/** What a statement did: rows it returned/changed, or the error code that stopped it. */
async function attempt(
  who: Who,
  sql: string,
  params: unknown[],
): Promise<{ rows: number } | { code: string; message: string }> {
  try {
    return await withRole(db, who, async (tx) => {
      const r = await tx.query(sql, params);
      return { rows: Math.max(r.rowCount ?? 0, r.rows.length) };
    });
  } catch (err: any) {
    return { code: err.code, message: err.message };
  }
}

/** Errors that mean "refused by a rule"; anything else is a broken statement and fails. */
const DENIAL_CODES = ['42501', 'P0001', '23514'];

type Actor = 'anon' | 'other' | 'owner';
type Expect = Partial<Record<Actor, boolean>>; // true: allowed (>= 1 row), absent/false: denied

interface Fixture {
  owner: { id: string; email: string };
  other: { id: string; email: string };
  ids: Record<string, string>;
}
let fx: Fixture;

beforeAll(async () => {
  const owner = await sqlUser(db, { full_name: 'Owner' });
  const other = await sqlUser(db, { full_name: 'Other' });
  await sqlSetCredits(db, owner.id, 10);
  const product = await sqlUpload(db, owner.id);
  const done = await rpcAs(db, { user: owner.id }, 'start_generation', selection(product));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: done.images[0].id,
    status: 'completed',
    generated_path: 'x.png',
  });
  const running = await rpcAs(db, { user: owner.id }, 'start_generation', selection(product));
  const doomed = await rpcAs(db, { user: owner.id }, 'start_generation', selection(product));
  // a project still processing cannot be deleted: the one the owner deletes has finished
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: doomed.images[0].id,
    status: 'completed',
    generated_path: 'y.png',
  });
  const fix = await rpcAs(db, { user: owner.id }, 'request_project_fix', {
    project_id: done.id,
    description: 'x',
  });
  await rpcAs(db, { user: owner.id }, 'charge_tool_use', { tool: 'photo-combiner' });
  await rpcAs(db, { user: owner.id }, 'submit_feedback', { feedback: 'hi' });
  await rpcAs(db, 'service', 'record_payment_event', {
    event_id: `evt_${owner.id}`,
    event_type: 't',
    user_id: owner.id,
  });
  const one = async (sql: string) => (await sqlAs(db, 'service', sql, [owner.id]))[0].id as string;
  fx = {
    owner,
    other,
    ids: {
      product,
      done: done.id,
      running: running.id,
      doomed: doomed.id,
      image: running.images[0].id,
      fix: fix.fix.id,
      fixRequest: await one('select id from public.fix_requests where user_id = $1'),
      notification: await one('select id from public.notifications where user_id = $1 limit 1'),
      log: await one('select id from public.webhook_logs where user_id = $1 limit 1'),
      ledger: await one('select id from public.credit_ledger where user_id = $1 limit 1'),
      upload: await one('select id from public.uploaded_files where user_id = $1'),
      notice: await one('select id from public.outbound_notices where user_id = $1 limit 1'),
      event: `evt_${owner.id}`,
      batch: (
        await sqlAs(
          db,
          'service',
          `insert into public.batches (user_id, name, project_type, item_count)
        values ($1::text::uuid, 'Summer', 'on-model', 1) returning id`,
          [owner.id],
        )
      )[0].id as string,
      operatorAction: (
        await sqlAs(
          db,
          'service',
          `insert into public.operator_actions (operator_email, action, seller_id, reason)
        values ('operator@example.test', 'grant_credits', $1::text::uuid, 'goodwill') returning id`,
          [owner.id],
        )
      )[0].id as string,
      sellerModel: (
        await sqlAs(
          db,
          'service',
          `insert into public.seller_models (user_id, name, gender, age_range, body, skin, hair, style, seed, request_id)
        values ($1::text::uuid, 'Anna', 'women', '26-35', 'average', 'olive', 'long-dark', 'classic', 7, 'access-matrix')
        returning id`,
          [owner.id],
        )
      )[0].id as string,
      fixAttempt: (
        await sqlAs(
          db,
          'service',
          `insert into public.operator_fix_attempts (fix_id, seller_id, project_id, provider, prompt)
        values ($2::uuid, $1::text::uuid, $3::uuid, 'local', 'x') returning id`,
          [owner.id, fix.fix.id, done.id],
        )
      )[0].id as string,
      ...(await pushFixture(owner.id)),
      toolJob: (
        await sqlAs(
          db,
          'service',
          `insert into public.tool_jobs (user_id, tool, input_path)
        values ($1::text::uuid, 'background-remover', $1::text || '/photo.png') returning id`,
          [owner.id],
        )
      )[0].id as string,
    },
  };
});

/** A device of the owner's with one push queued for it. Its keys are real, and its push service
 *  refuses connections: the database is shared with other files' stacks on PostgreSQL, and a
 *  push sender there that took this push found keys it could not encrypt for, called the
 *  device gone and deleted it mid-matrix. Now a sender can only retry it later. */
async function pushFixture(ownerId: string): Promise<{ pushSubscription: string; pushDelivery: string }> {
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  const [sub] = await sqlAs(
    db,
    'service',
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
     values ($1::uuid, 'https://127.0.0.1:9/push/' || $1::text, $2, $3) returning id`,
    [ownerId, browserKey.getPublicKey('base64url'), randomBytes(16).toString('base64url')],
  );
  const [delivery] = await sqlAs(
    db,
    'service',
    `insert into public.push_deliveries (notification_id, subscription_id)
     select n.id, $2 from public.notifications n where n.user_id = $1 limit 1 returning id`,
    [ownerId, sub.id],
  );
  return { pushSubscription: sub.id as string, pushDelivery: delivery.id as string };
}

interface Case {
  table: string;
  op: 'select' | 'insert' | 'update' | 'delete';
  what: string;
  /** $1 = the owner's id, $2 = the acting user's id (or the owner's for anon), $3 = a row id */
  sql: string;
  id?: string;
  allowed: Expect;
}

const everyone: Expect = { anon: true, other: true, owner: true };
const ownerOnly: Expect = { owner: true };
const nobody: Expect = {};

const catalogue = [
  'plans',
  'credit_prices',
  'credit_volume_discounts',
  'models',
  'model_media',
  'poses',
  'backgrounds',
  'video_styles',
];

const cases = (): Case[] => [
  ...catalogue.flatMap((t): Case[] => [
    {
      table: t,
      op: 'select',
      what: 'read',
      sql: `select * from public.${t} where $1::uuid is not null and $2::uuid is not null`,
      allowed: everyone,
    },
    {
      table: t,
      op: 'update',
      what: 'change',
      sql: `update public.${t} set ${t === 'credit_volume_discounts' ? 'discount_percent = 99' : t === 'model_media' ? 'path = path' : t === 'poses' ? 'name = name' : t === 'credit_prices' ? 'credits = 0.01' : t === 'plans' ? 'monthly_credits = 1000' : 'sort_order = sort_order'} where $1::uuid is not null and $2::uuid is not null`,
      allowed: nobody,
    },
    {
      table: t,
      op: 'delete',
      what: 'remove',
      sql: `delete from public.${t} where $1::uuid is not null and $2::uuid is not null`,
      allowed: nobody,
    },
  ]),
  {
    table: 'plans',
    op: 'insert',
    what: 'add a plan',
    sql: `insert into public.plans (id, rank, name, monthly_credits, price_eur, extra_credit_unit_price_eur, free_fixes_per_project, revisions, resolution, watermark, watermark_free_download, can_buy_credit_packs, low_credit_alerts, video, custom_model, custom_background, custom_video_style, all_models_and_backgrounds) select 'free', 9, 'x', 1, 0, 1, 0, 0, 'HD', true, false, false, false, false, false, false, false, false where $1::uuid is not null and $2::uuid is not null`,
    allowed: nobody,
  },

  {
    table: 'profiles',
    op: 'select',
    what: "the owner's profile",
    sql: 'select * from public.profiles where id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'profiles',
    op: 'insert',
    what: "upsert the owner's profile",
    sql: `insert into public.profiles (id, full_name) values ($1, 'Changed') on conflict (id) do update set full_name = excluded.full_name where $2::uuid is not null`,
    allowed: ownerOnly,
  },
  {
    table: 'profiles',
    op: 'update',
    what: 'change the name',
    sql: `update public.profiles set full_name = 'Renamed' where id = $1 and $2::uuid is not null`,
    allowed: ownerOnly,
  },
  {
    table: 'profiles',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.profiles where id = $1 and $2::uuid is not null',
    allowed: nobody,
  },

  {
    table: 'subscriptions',
    op: 'select',
    what: "the owner's balance",
    sql: 'select * from public.subscriptions where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'subscriptions',
    op: 'insert',
    what: 'a second subscription',
    sql: `insert into public.subscriptions (user_id, plan) values ($2, 'advanced') on conflict (user_id) do update set plan = 'advanced' where $1::uuid is not null`,
    allowed: nobody,
  },
  {
    table: 'subscriptions',
    op: 'update',
    what: 'the balance',
    sql: 'update public.subscriptions set credits_remaining = 1000, plan_credits = 1000 where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'subscriptions',
    op: 'update',
    what: 'the plan',
    sql: `update public.subscriptions set plan = 'advanced' where user_id = $1 and $2::uuid is not null`,
    allowed: nobody,
  },
  {
    table: 'subscriptions',
    op: 'update',
    what: 'the cancellation flag',
    sql: 'update public.subscriptions set cancel_at_period_end = true where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'subscriptions',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.subscriptions where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },

  {
    table: 'credit_ledger',
    op: 'select',
    what: "the owner's ledger",
    sql: 'select * from public.credit_ledger where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'credit_ledger',
    op: 'insert',
    what: 'a credit',
    sql: `insert into public.credit_ledger (user_id, amount, plan_delta, balance_after, reason) values ($2, 100, 100, 100, 'adjustment') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'credit_ledger',
    op: 'update',
    what: 'an amount',
    sql: 'update public.credit_ledger set amount = 100 where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'credit_ledger',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.credit_ledger where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },

  {
    table: 'projects',
    op: 'select',
    what: "the owner's projects",
    sql: 'select * from public.projects where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'projects',
    op: 'insert',
    what: 'a project without paying',
    sql: `insert into public.projects (user_id, name, type, status) values ($2, 'free', 'on-model', 'completed') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'projects',
    op: 'update',
    what: 'rename',
    sql: `update public.projects set name = 'Renamed' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'running',
    allowed: ownerOnly,
  },
  {
    table: 'projects',
    op: 'update',
    what: 'archive a completed project',
    sql: `update public.projects set status = case when status = 'archived' then 'completed' else 'archived' end where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'done',
    allowed: ownerOnly,
  },
  {
    table: 'projects',
    op: 'update',
    what: 'mark a processing project completed',
    sql: `update public.projects set status = 'completed' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'running',
    allowed: nobody,
  },
  {
    table: 'projects',
    op: 'update',
    what: 'the video status',
    sql: `update public.projects set video_status = 'completed', video_url = 'x' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'done',
    allowed: nobody,
  },
  {
    table: 'projects',
    op: 'update',
    what: 'the price charged',
    sql: 'update public.projects set credits_charged = 0 where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'done',
    allowed: nobody,
  },
  {
    table: 'projects',
    op: 'update',
    what: 'the owner',
    sql: 'update public.projects set user_id = $2 where id = $3 and user_id = $1',
    id: 'done',
    allowed: nobody,
  },

  {
    table: 'images',
    op: 'select',
    what: "the owner's images",
    sql: 'select * from public.images where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'images',
    op: 'insert',
    what: 'an image',
    sql: `insert into public.images (project_id, user_id, original_path, pose_id, status) values ($3, $2, 'x', 1, 'completed') returning $1::uuid`,
    id: 'running',
    allowed: nobody,
  },
  {
    table: 'images',
    op: 'update',
    what: 'an outcome',
    sql: `update public.images set status = 'completed', generated_path = 'x' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'image',
    allowed: nobody,
  },
  {
    table: 'images',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.images where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'image',
    allowed: nobody,
  },

  {
    table: 'fixes',
    op: 'select',
    what: "the owner's fixes",
    sql: 'select * from public.fixes where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'fixes',
    op: 'insert',
    what: 'a fix without the rules',
    sql: `insert into public.fixes (project_id, user_id, description) values ($3, $2, 'x') returning $1::uuid`,
    id: 'running',
    allowed: nobody,
  },
  {
    table: 'fixes',
    op: 'update',
    what: 'the status',
    sql: `update public.fixes set status = 'completed' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'fix',
    allowed: nobody,
  },

  {
    table: 'fix_requests',
    op: 'select',
    what: "the owner's fix requests",
    sql: 'select * from public.fix_requests where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'fix_requests',
    op: 'insert',
    what: 'a free fix record',
    sql: `insert into public.fix_requests (project_id, user_id, is_free) values ($3, $2, true) returning $1::uuid`,
    id: 'running',
    allowed: nobody,
  },
  {
    table: 'fix_requests',
    op: 'update',
    what: 'is_free',
    sql: 'update public.fix_requests set is_free = false where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'fixRequest',
    allowed: nobody,
  },
  {
    table: 'fix_requests',
    op: 'delete',
    what: 'remove (to get a free fix back)',
    sql: 'delete from public.fix_requests where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'fixRequest',
    allowed: nobody,
  },

  {
    table: 'notifications',
    op: 'select',
    what: "the owner's notifications",
    sql: 'select * from public.notifications where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'notifications',
    op: 'insert',
    what: 'a notification',
    sql: `insert into public.notifications (user_id, type, title, message) values ($2, 'credits_low', 'x', 'y') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'notifications',
    op: 'update',
    what: 'mark read',
    sql: 'update public.notifications set read = true where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'notification',
    allowed: ownerOnly,
  },
  {
    table: 'notifications',
    op: 'update',
    what: 'the text',
    sql: `update public.notifications set message = 'x' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'notification',
    allowed: nobody,
  },
  {
    table: 'notifications',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.notifications where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'notification',
    allowed: nobody,
  },

  {
    table: 'webhook_logs',
    op: 'select',
    what: "the owner's activity",
    sql: 'select * from public.webhook_logs where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'webhook_logs',
    op: 'insert',
    what: 'an activity row',
    sql: `insert into public.webhook_logs (user_id, event_type) values ($2, 'user_activity_tool_used') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'webhook_logs',
    op: 'update',
    what: 'an activity row',
    sql: `update public.webhook_logs set raw_data = '{}' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'log',
    allowed: nobody,
  },
  {
    table: 'webhook_logs',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.webhook_logs where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'log',
    allowed: nobody,
  },

  {
    table: 'uploaded_files',
    op: 'select',
    what: "the owner's uploads",
    sql: 'select * from public.uploaded_files where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'uploaded_files',
    op: 'insert',
    what: "a record under the owner's folder",
    sql: `insert into public.uploaded_files (user_id, file_name, file_path) values ($1::text::uuid, 'a.png', $1::text || '/' || gen_random_uuid() || '-a.png') returning $2::uuid`,
    allowed: ownerOnly,
  },
  {
    table: 'uploaded_files',
    op: 'insert',
    what: "the actor's own record, in the owner's folder",
    sql: `insert into public.uploaded_files (user_id, file_name, file_path) values ($2::uuid, 'a.png', $1::text || '/' || gen_random_uuid() || '-b.png') returning 1`,
    allowed: ownerOnly,
  },
  {
    table: 'uploaded_files',
    op: 'update',
    what: 'the path',
    sql: `update public.uploaded_files set file_name = 'b.png' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'upload',
    allowed: nobody,
  },

  {
    table: 'push_deliveries',
    op: 'select',
    what: "the owner's queued pushes",
    sql: 'select * from public.push_deliveries where id = $3 and $1::uuid is not null and $2::uuid is not null',
    id: 'pushDelivery',
    allowed: nobody,
  },
  {
    table: 'push_deliveries',
    op: 'insert',
    what: 'a push',
    sql: `insert into public.push_deliveries (notification_id, subscription_id)
          select notification_id, subscription_id from public.push_deliveries where $2::uuid is not null
          returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'push_deliveries',
    op: 'update',
    what: 'a delivery state',
    sql: `update public.push_deliveries set status = 'sent' where id = $3 and $1::uuid is not null and $2::uuid is not null`,
    id: 'pushDelivery',
    allowed: nobody,
  },
  {
    table: 'push_deliveries',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.push_deliveries where id = $3 and $1::uuid is not null and $2::uuid is not null',
    id: 'pushDelivery',
    allowed: nobody,
  },

  {
    table: 'push_subscriptions',
    op: 'select',
    what: "the owner's devices",
    sql: 'select id, endpoint, language from public.push_subscriptions where id = $3 and $1::uuid is not null and $2::uuid is not null',
    id: 'pushSubscription',
    allowed: ownerOnly,
  },
  {
    table: 'push_subscriptions',
    op: 'select',
    what: "a device's keys",
    sql: 'select p256dh, auth from public.push_subscriptions where id = $3 and $1::uuid is not null and $2::uuid is not null',
    id: 'pushSubscription',
    allowed: nobody,
  },
  {
    table: 'push_subscriptions',
    op: 'insert',
    what: 'a device (save_push_subscription does it)',
    sql: `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
          values ($2::uuid, 'https://push.example/new-' || $2::text, repeat('A', 87), repeat('B', 22)) returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'push_subscriptions',
    op: 'update',
    what: "the device's owner",
    sql: `update public.push_subscriptions set user_id = $2 where id = $3 and $1::uuid is not null`,
    id: 'pushSubscription',
    allowed: nobody,
  },
  {
    table: 'push_subscriptions',
    op: 'delete',
    what: 'a device (the switch off)',
    sql: 'delete from public.push_subscriptions where id = $3 and $1::uuid is not null and $2::uuid is not null',
    id: 'pushSubscription',
    allowed: ownerOnly,
  },

  {
    table: 'outbound_notices',
    op: 'select',
    what: "the owner's notices",
    sql: 'select * from public.outbound_notices where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'outbound_notices',
    op: 'insert',
    what: 'a notice',
    sql: `insert into public.outbound_notices (user_id, kind, payload) values ($2, 'feedback', '{}') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'outbound_notices',
    op: 'update',
    what: 'a delivery state',
    sql: `update public.outbound_notices set status = 'sent' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'notice',
    allowed: nobody,
  },
  {
    table: 'outbound_notices',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.outbound_notices where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'notice',
    allowed: nobody,
  },

  {
    table: 'payment_events',
    op: 'select',
    what: 'events',
    sql: 'select * from public.payment_events where user_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'payment_events',
    op: 'insert',
    what: 'an event',
    sql: `insert into public.payment_events (id, type, user_id) values (gen_random_uuid()::text, 'x', $2) returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'payment_events',
    op: 'update',
    what: 'processed',
    sql: 'update public.payment_events set processed_at = null where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'event',
    allowed: nobody,
  },
  {
    table: 'payment_events',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.payment_events where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'event',
    allowed: nobody,
  },

  {
    table: 'tool_jobs',
    op: 'select',
    what: "the owner's background removals",
    sql: 'select * from public.tool_jobs where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'tool_jobs',
    op: 'insert',
    what: 'a job without paying',
    sql: `insert into public.tool_jobs (user_id, tool, input_path) values ($2::text::uuid, 'background-remover', $2::text || '/x.png') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'tool_jobs',
    op: 'update',
    what: 'an outcome',
    sql: `update public.tool_jobs set status = 'completed', result_path = 'x.png' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'toolJob',
    allowed: nobody,
  },
  {
    table: 'tool_jobs',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.tool_jobs where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'toolJob',
    allowed: nobody,
  },

  {
    table: 'batches',
    op: 'select',
    what: "the owner's batches",
    sql: 'select * from public.batches where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'batches',
    op: 'insert',
    what: 'a batch without start_batch (no charge)',
    sql: `insert into public.batches (user_id, name, project_type, item_count) values ($2::text::uuid, 'x', 'on-model', 1) returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'batches',
    op: 'update',
    what: 'its charge',
    sql: 'update public.batches set credits_charged = 0 where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'batch',
    allowed: nobody,
  },
  {
    table: 'batches',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.batches where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'batch',
    allowed: nobody,
  },

  // the operators' audit: only operators read it (none of these is one); no one writes it
  {
    table: 'operator_actions',
    op: 'select',
    what: 'the actions about the owner',
    sql: 'select * from public.operator_actions where seller_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'operator_actions',
    op: 'insert',
    what: 'a made-up action',
    sql: `insert into public.operator_actions (operator_email, action, seller_id) values ('x', 'grant_credits', $2::text::uuid) returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'operator_actions',
    op: 'update',
    what: 'its reason',
    sql: `update public.operator_actions set reason = 'x' where id = $3 and seller_id = $1 and $2::uuid is not null`,
    id: 'operatorAction',
    allowed: nobody,
  },
  {
    table: 'operator_actions',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.operator_actions where id = $3 and seller_id = $1 and $2::uuid is not null',
    id: 'operatorAction',
    allowed: nobody,
  },

  // a seller's saved models: the owner reads them; every change goes through the
  // create/keep/rename/delete functions (charged once, refused while a project uses one)
  {
    table: 'seller_models',
    op: 'select',
    what: "the owner's saved models",
    sql: 'select * from public.seller_models where user_id = $1 and $2::uuid is not null',
    allowed: ownerOnly,
  },
  {
    table: 'seller_models',
    op: 'insert',
    what: 'a model without create_seller_model (no charge)',
    sql: `insert into public.seller_models (user_id, name, gender, age_range, body, skin, hair, style, seed, request_id)
      values ($2::text::uuid, 'Free', 'women', '26-35', 'average', 'olive', 'long-dark', 'classic', 1, 'x') returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'seller_models',
    op: 'update',
    what: 'its status and pictures',
    sql: `update public.seller_models set status = 'ready', front_path = 'x.png' where id = $3 and user_id = $1 and $2::uuid is not null`,
    id: 'sellerModel',
    allowed: nobody,
  },
  {
    table: 'seller_models',
    op: 'delete',
    what: 'remove (skipping the in-use check)',
    sql: 'delete from public.seller_models where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'sellerModel',
    allowed: nobody,
  },

  // the operators' AI attempts at a fix: no seller reads or writes them (operators through
  // the operator_ai_fix_… functions only)
  {
    table: 'operator_fix_attempts',
    op: 'select',
    what: "the attempts at the owner's fix",
    sql: 'select * from public.operator_fix_attempts where seller_id = $1 and $2::uuid is not null',
    allowed: nobody,
  },
  {
    table: 'operator_fix_attempts',
    op: 'insert',
    what: 'a made-up attempt',
    sql: `insert into public.operator_fix_attempts (fix_id, seller_id, project_id, provider, prompt)
      select f.id, f.user_id, f.project_id, 'local', 'x' from public.fixes f where f.user_id = $2::text::uuid limit 1 returning $1::uuid`,
    allowed: nobody,
  },
  {
    table: 'operator_fix_attempts',
    op: 'update',
    what: 'marks it ready',
    sql: `update public.operator_fix_attempts set status = 'ready' where id = $3 and seller_id = $1 and $2::uuid is not null`,
    id: 'fixAttempt',
    allowed: nobody,
  },
  {
    table: 'operator_fix_attempts',
    op: 'delete',
    what: 'remove',
    sql: 'delete from public.operator_fix_attempts where id = $3 and seller_id = $1 and $2::uuid is not null',
    id: 'fixAttempt',
    allowed: nobody,
  },

  // deletes the owner may make, last (they remove rows)
  {
    table: 'fixes',
    op: 'delete',
    what: "the owner's fix",
    sql: 'delete from public.fixes where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'fix',
    allowed: ownerOnly,
  },
  {
    table: 'uploaded_files',
    op: 'delete',
    what: "the owner's upload record",
    sql: 'delete from public.uploaded_files where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'upload',
    allowed: ownerOnly,
  },
  {
    table: 'projects',
    op: 'delete',
    what: "the owner's project",
    sql: 'delete from public.projects where id = $3 and user_id = $1 and $2::uuid is not null',
    id: 'doomed',
    allowed: ownerOnly,
  },
];

/** Tables the conformance tests of other services add to test stacks (not the product's). */
const FIXTURE_DIR = path.join(ROOT, 'tests/fixtures/migrations');
const FIXTURE_TABLES = readdirSync(FIXTURE_DIR)
  .filter((f) => f.endsWith('.sql'))
  .flatMap((f) =>
    [
      ...readFileSync(path.join(FIXTURE_DIR, f), 'utf8').matchAll(
        /create table (?:if not exists )?public\.(\w+)/gi,
      ),
    ].map((m) => m[1]),
  );
const productTables = async () =>
  (
    await sqlAs(
      db,
      'service',
      `select c.relname as t, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )
  ).filter((r) => !FIXTURE_TABLES.includes(r.t));

const TABLES = [
  ...catalogue,
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
  'push_subscriptions',
  'push_deliveries',
  'payment_events',
  'tool_jobs',
  'batches',
  'operator_actions',
  'seller_models',
  'operator_fix_attempts',
];

describe('access matrix: public tables', () => {
  it('covers every table of the schema, each for select, insert, update and delete', async () => {
    const rows = await productTables();
    expect(rows.map((r) => r.t).sort()).toEqual([...TABLES].sort());
    const all = cases();
    for (const t of TABLES) {
      const ops = new Set(all.filter((c) => c.table === t).map((c) => c.op));
      // catalogue inserts are covered by the plans case plus the grants check below
      const need =
        catalogue.includes(t) && t !== 'plans'
          ? ['select', 'update', 'delete']
          : ['select', 'insert', 'update', 'delete'];
      expect([...ops].sort(), t).toEqual(expect.arrayContaining(need));
    }
  });

  it('no API role may insert into the catalogue', async () => {
    const rows = await sqlAs(
      db,
      'service',
      `select table_name, grantee from information_schema.role_table_grants
      where table_schema = 'public' and privilege_type in ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
        and grantee in ('anon', 'authenticated', 'PUBLIC') and table_name = any ($1::text[])`,
      [`{${catalogue.join(',')}}`],
    );
    expect(rows).toEqual([]);
  });

  it('every table has row-level security', async () => {
    expect((await productTables()).filter((r) => !r.rls)).toEqual([]);
  });

  for (const actor of ['anon', 'other', 'owner'] as const) {
    it(`as ${actor}`, async () => {
      const problems: string[] = [];
      for (const c of cases()) {
        const who: Who = actor === 'anon' ? 'anon' : { user: actor === 'owner' ? fx.owner.id : fx.other.id };
        const actingId = actor === 'other' ? fx.other.id : fx.owner.id;
        const params = [fx.owner.id, actingId, ...(c.sql.includes('$3') ? [fx.ids[c.id!]] : [])];
        const r = await attempt(who, c.sql, params);
        const allowed = c.allowed[actor] === true;
        const label = `${c.table} ${c.op} (${c.what}) as ${actor}`;
        if ('code' in r) {
          if (!DENIAL_CODES.includes(r.code))
            problems.push(`${label}: unexpected error ${r.code} ${r.message}`);
          else if (allowed) problems.push(`${label}: refused (${r.code} ${r.message}) but should be allowed`);
        } else if (allowed && r.rows === 0) {
          problems.push(`${label}: no row, should be allowed`);
        } else if (!allowed && r.rows > 0) {
          problems.push(`${label}: LEAK — ${r.rows} row(s)`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the balance is untouched by all of the above', async () => {
    const [s] = await sqlAs(
      db,
      'service',
      `select credits_remaining::text as c, plan from public.subscriptions where user_id = $1`,
      [fx.owner.id],
    );
    // 10 - 3 generations - 1 fix (no free fixes on free) - 0.15 photo combiner
    expect(s).toEqual({ c: '5.85', plan: 'free' });
    const [o] = await sqlAs(
      db,
      'service',
      `select credits_remaining::text as c, plan from public.subscriptions where user_id = $1`,
      [fx.other.id],
    );
    expect(o).toEqual({ c: '2.00', plan: 'free' });
  });
});

describe('access matrix: storage buckets', () => {
  const buckets = ['uploads', 'fix-drawings', 'tool-images', 'generated', 'watermarked', 'videos'];
  const ownerWritable = ['uploads', 'fix-drawings', 'tool-images'];

  async function putObject(bucket: string, name: string) {
    await sqlAs(
      db,
      'service',
      `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3::uuid, '{}')`,
      [bucket, name, name.split('/')[0]],
    );
  }

  it('the buckets exist and are private', async () => {
    const rows = await sqlAs(
      db,
      'service',
      'select id, public from storage.buckets where id = any ($1::text[]) order by id',
      [`{${buckets.join(',')}}`],
    );
    expect(rows).toEqual([...buckets].sort().map((id) => ({ id, public: false })));
  });

  for (const bucket of buckets) {
    it(bucket, async () => {
      const owner = await sqlUser(db);
      const other = await sqlUser(db);
      const name = `${owner.id}/p/${bucket}.png`;
      await putObject(bucket, name);
      const asWho = {
        anon: 'anon' as Who,
        other: { user: other.id } as Who,
        owner: { user: owner.id } as Who,
      };
      const problems: string[] = [];
      const check = async (actor: Actor, op: string, sql: string, params: unknown[], allowed: boolean) => {
        const r = await attempt(asWho[actor], sql, params);
        if ('code' in r) {
          if (!DENIAL_CODES.includes(r.code))
            problems.push(`${op} as ${actor}: unexpected ${r.code} ${r.message}`);
          else if (allowed) problems.push(`${op} as ${actor}: refused but should be allowed`);
        } else if (allowed !== r.rows > 0)
          problems.push(`${op} as ${actor}: ${r.rows} row(s), allowed=${allowed}`);
      };
      // the owner on the free plan: everything but clean generated images
      for (const actor of ['anon', 'other', 'owner'] as const) {
        const mine = actor === 'owner';
        await check(
          actor,
          'select',
          'select 1 from storage.objects where bucket_id = $1 and name = $2',
          [bucket, name],
          mine && bucket !== 'generated',
        );
        const target = `${owner.id}/new-${actor}.png`;
        await check(
          actor,
          'insert',
          `insert into storage.objects (bucket_id, name, owner) values ($1, $2, auth.uid()) returning 1`,
          [bucket, target],
          mine && ownerWritable.includes(bucket),
        );
        await check(
          actor,
          'update',
          `update storage.objects set metadata = '{"x":1}' where bucket_id = $1 and name = $2`,
          [bucket, name],
          mine && ownerWritable.includes(bucket),
        );
      }
      // someone writing into their own folder of a server-written bucket
      await check(
        'other',
        'insert own folder',
        `insert into storage.objects (bucket_id, name, owner) values ($1, $2, auth.uid()) returning 1`,
        [bucket, `${other.id}/mine.png`],
        ownerWritable.includes(bucket),
      );
      for (const actor of ['anon', 'other', 'owner'] as const) {
        await check(
          actor,
          'delete',
          'delete from storage.objects where bucket_id = $1 and name = $2',
          [bucket, name],
          actor === 'owner' && ownerWritable.includes(bucket),
        );
      }
      expect(problems).toEqual([]);
    });
  }

  it('clean generated images: readable by the owner on a paid plan only', async () => {
    const owner = await sqlUser(db);
    const name = `${owner.id}/p/clean.png`;
    await putObject('generated', name);
    const read = () =>
      sqlAs(
        db,
        { user: owner.id },
        `select name from storage.objects where bucket_id = 'generated' and name = $1`,
        [name],
      );
    expect(await read()).toEqual([]);
    await rpcAs(db, 'service', 'activate_plan', {
      user_id: owner.id,
      plan: 'lite',
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 1e9).toISOString(),
    });
    expect(await read()).toEqual([{ name }]);
    const other = await sqlUser(db);
    await rpcAs(db, 'service', 'activate_plan', {
      user_id: other.id,
      plan: 'pro',
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 1e9).toISOString(),
    });
    expect(
      await sqlAs(
        db,
        { user: other.id },
        `select name from storage.objects where bucket_id = 'generated' and name = $1`,
        [name],
      ),
    ).toEqual([]);
  });
});
