// Outbound notices are stored first and posted by the send-notice function; the local
// stack's scheduled sweep retries them, so a notice stored while the webhook was down
// reaches it once the webhook is back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnStack, type OwnStack } from '../auth/own-stack.ts';

let own: OwnStack;
let webhook: http.Server;
let webhookUp = false;
const received: unknown[] = [];
let refused = 0;

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (!webhookUp) {
        refused += 1;
        res.writeHead(503).end('down for maintenance');
        return;
      }
      received.push(JSON.parse(body));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  process.env.NOTICE_WEBHOOK_URL = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`;
  own = await startOwnStack();
});

afterAll(async () => {
  await own?.close();
  delete process.env.NOTICE_WEBHOOK_URL;
  await new Promise<void>((r) => webhook.close(() => r()));
});

describe('outbound notice delivery', () => {
  it('keeps a feedback notice while the webhook is down and posts it once it is back', async () => {
    const email = `notice-${Date.now()}@example.test`;
    const created = await own.service().auth.admin.createUser({
      email,
      password: 'secret-pw-1',
      email_confirm: true,
      user_metadata: { full_name: 'Maria Kosta' },
    });
    expect(created.error).toBeNull();
    const seller = own.anon();
    expect((await seller.auth.signInWithPassword({ email, password: 'secret-pw-1' })).error).toBeNull();

    const stored = await seller.rpc('submit_feedback', { feedback: '  The new poses are great  ' });
    expect(stored.error).toBeNull();
    const noticeId = stored.data as string;

    await own.stack.jobs.runNow();
    expect(refused).toBeGreaterThan(0);
    const pending = await own
      .service()
      .from('outbound_notices')
      .select('status, attempts')
      .eq('id', noticeId)
      .single();
    expect(pending.data).toMatchObject({ status: 'pending', attempts: 1 });
    expect(received).toHaveLength(0);

    // The webhook comes back; the retry is due (skip the back-off wait).
    webhookUp = true;
    await own.db.query(`update public.outbound_notices set next_attempt_at = now() where id = $1`, [
      noticeId,
    ]);
    await own.stack.jobs.runNow();

    expect(received).toEqual([{ feedback: 'The new poses are great', email, name: 'Maria Kosta' }]);
    const sent = await own
      .service()
      .from('outbound_notices')
      .select('status, attempts')
      .eq('id', noticeId)
      .single();
    expect(sent.data).toMatchObject({ status: 'sent', attempts: 2 });

    // Nothing is posted twice.
    await own.stack.jobs.runNow();
    expect(received).toHaveLength(1);
  });
});
