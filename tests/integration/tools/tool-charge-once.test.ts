// The photo combiner's charge, once per request (20261122013000_tool_charge_once.sql): the
// browser renders the file, charges, then releases it; when the charge's answer is lost it
// asks again with the same request id and must not pay twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

const toolLogs = (userId: string) =>
  sqlAs<{ tool: string; used: string; request: string | null }>(
    db,
    { user: userId },
    `select raw_data ->> 'toolName' as tool, raw_data ->> 'creditsUsed' as used,
            raw_data -> 'metadata' ->> 'requestId' as request
     from public.webhook_logs where event_type = 'user_activity_tool_used' order by created_at`,
  );

describe('charge_tool_use with a request id', () => {
  it('charges a request once: the same request again answers the same charge, replayed', async () => {
    const u = await sqlUser(db);
    const requestId = randomUUID();
    const first = await rpcAs(db, { user: u.id }, 'charge_tool_use', {
      tool: 'photo-combiner',
      details: 'Combined 2 photos',
      metadata: { requestId },
    });
    expect(first).toMatchObject({ credits_used: 0.15, credits_remaining: 1.85, replayed: false });
    const again = await rpcAs(db, { user: u.id }, 'charge_tool_use', {
      tool: 'photo-combiner',
      details: 'Combined 2 photos',
      metadata: { requestId },
    });
    expect(again).toEqual({
      charge_id: first.charge_id,
      credits_used: 0.15,
      credits_remaining: 1.85,
      replayed: true,
    });
    const b = await sqlBalance(db, u.id);
    expect(b.remaining).toBe(1.85);
    expect(b.ledgerSum).toBe(1.85);
    // one tool_used activity, with toolName, creditsUsed and the request
    expect(await toolLogs(u.id)).toEqual([{ tool: 'photo-combiner', used: '0.15', request: requestId }]);
  });

  it('a new request id is a new charge; no request id charges every call, as before', async () => {
    const u = await sqlUser(db);
    await rpcAs(db, { user: u.id }, 'charge_tool_use', {
      tool: 'photo-combiner',
      metadata: { requestId: randomUUID() },
    });
    await rpcAs(db, { user: u.id }, 'charge_tool_use', {
      tool: 'photo-combiner',
      metadata: { requestId: randomUUID() },
    });
    await rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'photo-combiner' });
    const last = await rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'photo-combiner' });
    expect(last).toMatchObject({ credits_remaining: 1.4, replayed: false });
    expect(await toolLogs(u.id)).toHaveLength(4);
  });

  it('the same request id for another tool or another user is its own charge', async () => {
    const a = await sqlUser(db);
    const b = await sqlUser(db);
    const requestId = randomUUID();
    await rpcAs(db, { user: a.id }, 'charge_tool_use', { tool: 'photo-combiner', metadata: { requestId } });
    const other = await rpcAs(db, { user: a.id }, 'charge_tool_use', {
      tool: 'background-remover',
      metadata: { requestId },
    });
    expect(other).toMatchObject({ credits_used: 0.4, credits_remaining: 1.45, replayed: false });
    const otherUser = await rpcAs(db, { user: b.id }, 'charge_tool_use', {
      tool: 'photo-combiner',
      metadata: { requestId },
    });
    expect(otherUser).toMatchObject({ credits_remaining: 1.85, replayed: false });
  });

  it('a refused request (too few credits) charges nothing and may be asked again once credits exist', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 0.1);
    const requestId = randomUUID();
    const err = await sqlError(
      rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'photo-combiner', metadata: { requestId } }),
    );
    expect(err).toMatchObject({
      hint: 'insufficient_credits',
      message: 'Insufficient credits. Need 0.15 but only have 0.10',
    });
    await sqlSetCredits(db, u.id, 1);
    const ok = await rpcAs(db, { user: u.id }, 'charge_tool_use', {
      tool: 'photo-combiner',
      metadata: { requestId },
    });
    expect(ok).toMatchObject({ credits_remaining: 0.85, replayed: false });
  });

  it('the same request sent twice at once is charged once', async () => {
    const u = await sqlUser(db);
    const requestId = randomUUID();
    const call = () =>
      rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'photo-combiner', metadata: { requestId } });
    const results = await Promise.allSettled([call(), call(), call()]);
    const answers = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<any>).value);
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers.map((a) => a.charge_id)).size).toBe(1);
    expect((await sqlBalance(db, u.id)).remaining).toBe(1.85);
    expect(await toolLogs(u.id)).toHaveLength(1);
  });

  it('background removal still charges through it (no request id) and refunds a failed job once', async () => {
    const u = await sqlUser(db);
    const path = `${u.id}/${randomUUID()}.png`;
    await sqlAs(
      db,
      'service',
      `insert into storage.objects (bucket_id, name, owner_id, metadata)
      values ('tool-images', $1, $2, '{"mimetype":"image/png","size":10}'::jsonb)`,
      [path, u.id],
    );
    const job = await rpcAs(db, { user: u.id }, 'start_background_removal', { input_path: path });
    expect((await sqlBalance(db, u.id)).remaining).toBe(1.6);
    await sqlAs(
      db,
      'service',
      `update public.tool_jobs set status = 'failed', error = 'provider failed' where id = $1`,
      [job.id],
    );
    expect((await sqlBalance(db, u.id)).remaining).toBe(2);
    const [row] = await sqlAs(
      db,
      { user: u.id },
      'select status, refunded_at is not null as refunded from public.tool_jobs where id = $1',
      [job.id],
    );
    expect(row).toEqual({ status: 'failed', refunded: true });
  });
});
