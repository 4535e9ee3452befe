// Sending the pushes that are due. A trigger on notifications stored one delivery per device
// (private.tg_notifications_push); this claims the due ones (a lease, so two runs never send
// the same push), encrypts each for its device (RFC 8291, aes128gcm) and signs it (VAPID,
// RFC 8292) with @block65/webcrypto-web-push, posts it to the device's push service and
// reports: sent; gone (404/410: the subscription expired, and SQL deletes it); or retry
// later (429, 5xx, a network error), given up after 5 attempts or a day.
import { buildPushPayload } from 'npm:@block65/webcrypto-web-push@2.0.0';
import { type PushNotificationRow, pushPayload } from './message.ts';
import type { VapidConfig } from './vapid.ts';

export interface DuePush {
  id: string;
  attempts: number;
  subscription: { id: string; endpoint: string; p256dh: string; auth: string; language: string };
  notification: PushNotificationRow;
  unread: number;
}

export type PushOutcome = 'sent' | 'gone' | 'retry';

export interface PushStore {
  claim(max: number): Promise<DuePush[]>;
  report(id: string, outcome: PushOutcome, error: string | null): Promise<void>;
}

/** Posts one encrypted push; fetch in production. */
export type PushPost = (
  endpoint: string,
  init: { method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> },
) => Promise<{ status: number; text(): Promise<string> }>;

export const fetchPushPost: PushPost = (endpoint, init) =>
  fetch(endpoint, { ...init, signal: AbortSignal.timeout(15_000) });

export interface PushDeliveryResult {
  claimed: number;
  sent: number;
  gone: number;
  retried: number;
}

/** How a push service's answer is taken (RFC 8030 §5, and what the big services answer). */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return 'retry';
}

export async function deliverDuePushes(
  store: PushStore,
  vapid: VapidConfig,
  post: PushPost = fetchPushPost,
  max = 50,
): Promise<PushDeliveryResult> {
  const result: PushDeliveryResult = { claimed: 0, sent: 0, gone: 0, retried: 0 };
  // claim until the queue is empty (a burst of finished projects), at most 10 rounds a call
  for (let round = 0; round < 10; round++) {
    const due = await store.claim(max);
    result.claimed += due.length;
    for (const push of due) {
      const outcome = await sendOne(push, vapid, post);
      await store.report(push.id, outcome.outcome, outcome.error);
      if (outcome.outcome === 'sent') result.sent += 1;
      else if (outcome.outcome === 'gone') result.gone += 1;
      else result.retried += 1;
    }
    if (due.length < max) break;
  }
  return result;
}

async function sendOne(
  push: DuePush,
  vapid: VapidConfig,
  post: PushPost,
): Promise<{ outcome: PushOutcome; error: string | null }> {
  const payload = pushPayload(push.notification, push.subscription.language, push.unread);
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    request = await buildPushPayload(
      // high: the seller is waiting for it; a day at most, as the SQL side gives up then
      { data: { ...payload }, options: { ttl: 24 * 60 * 60, urgency: 'high', topic: topicOf(payload.tag) } },
      {
        endpoint: push.subscription.endpoint,
        expirationTime: null,
        keys: { p256dh: push.subscription.p256dh, auth: push.subscription.auth },
      },
      { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    );
  } catch (err) {
    // keys the browser gave that do not make a push: the subscription is useless
    return { outcome: 'gone', error: `cannot encrypt for this subscription: ${messageOf(err)}` };
  }
  try {
    const res = await post(push.subscription.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(request.body),
    });
    const outcome = outcomeOf(res.status);
    if (outcome === 'sent') return { outcome, error: null };
    const text = await res.text().catch(() => '');
    return { outcome, error: `push service answered ${res.status}: ${text.slice(0, 300)}` };
  } catch (err) {
    return { outcome: 'retry', error: `push service unreachable: ${messageOf(err)}` };
  }
}

/** RFC 8030 Topic: at most 32 base64url characters; a newer push of a project replaces an undelivered one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
