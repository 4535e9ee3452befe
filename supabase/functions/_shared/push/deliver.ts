// Sending the pushes that are due. A trigger on notifications stored one delivery per device
// (private.tg_notifications_push); this claims the due ones (a lease, so two runs never send
// the same push), encrypts each for its device (RFC 8291, aes128gcm) and signs it (VAPID,
// RFC 8292) with @block65/webcrypto-web-push, posts it to the device's push service and
// reports: sent; gone (404/410: the subscription expired; or the endpoint is refused — not a
// browser's push service, or its host resolves into a private, loopback, link-local or
// reserved range — and SQL deletes it); or retry later (3xx, 429, 5xx, a network error, no
// answer in time), given up after 5 attempts or a day.
//
// Several pushes go at once (`concurrency`), each given `timeoutMs`; one seller's pushes take at
// most `perSeller` of those places, and the claim is round-robin over sellers, so a seller
// whose devices never answer cannot hold another seller's push back. While anything is in
// flight the queue is looked at again every `pollMs`, so a push queued meanwhile goes out at
// once instead of after the slow ones.
import { buildPushPayload } from 'npm:@block65/webcrypto-web-push@2.0.0';
import { checkedAddress, checkPushEndpoint, type Resolve } from './endpoint.ts';
import { type PushNotificationRow, pushPayload } from './message.ts';
import type { PushPost } from './post.ts';
import type { VapidConfig } from './vapid.ts';

export interface DuePush {
  id: string;
  attempts: number;
  /** whose push it is (the notification's user) */
  sellerId: string;
  subscription: { id: string; endpoint: string; p256dh: string; auth: string; language: string };
  notification: PushNotificationRow;
  unread: number;
}

export type PushOutcome = 'sent' | 'gone' | 'retry';

export interface PushStore {
  claim(max: number): Promise<DuePush[]>;
  report(id: string, outcome: PushOutcome, error: string | null): Promise<void>;
}

export interface PushDeliveryResult {
  claimed: number;
  sent: number;
  gone: number;
  retried: number;
  /** of `gone`: endpoints refused before any connection (the reasons are logged) */
  refused: number;
}

export interface PushNetwork {
  post: PushPost;
  resolve: Resolve;
  /** the local stack's stand-in push service (SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN), else null */
  localOrigin: string | null;
  /** where refusals are told (console.warn in the function) */
  log?: (message: string) => void;
}

export interface PushLimits {
  /** pushes in flight at once */
  concurrency: number;
  /** of those, at most this many of one seller */
  perSeller: number;
  /** each push's time limit, from resolving its host to the push service's answer */
  timeoutMs: number;
  /** pushes one call claims at most (a burst beyond waits for the next call) */
  maxPushes: number;
  /** how often the queue is looked at again while pushes are in flight */
  pollMs: number;
}

export const DEFAULT_PUSH_LIMITS: PushLimits = {
  concurrency: 16,
  perSeller: 4,
  timeoutMs: 5_000,
  maxPushes: 500,
  pollMs: 250,
};

/** How a push service's answer is taken (RFC 8030 §5, and what the big services answer). */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return 'retry';
}

export async function deliverDuePushes(
  store: PushStore,
  vapid: VapidConfig,
  network: PushNetwork,
  limits: Partial<PushLimits> = {},
): Promise<PushDeliveryResult> {
  const { concurrency, perSeller, timeoutMs, maxPushes, pollMs } = { ...DEFAULT_PUSH_LIMITS, ...limits };
  const result: PushDeliveryResult = { claimed: 0, sent: 0, gone: 0, retried: 0, refused: 0 };
  const waiting: DuePush[] = [];
  const inFlight = new Set<Promise<void>>();
  const perSellerNow = new Map<string, number>();
  let queueEmpty = false;
  let failure: unknown = null;

  const start = (push: DuePush) => {
    perSellerNow.set(push.sellerId, (perSellerNow.get(push.sellerId) ?? 0) + 1);
    const task = (async () => {
      const outcome = await sendOne(push, vapid, network, timeoutMs);
      if (outcome.refused) {
        result.refused += 1;
        network.log?.(`push ${push.id} to subscription ${push.subscription.id} ${outcome.error}`);
      }
      await store.report(push.id, outcome.outcome, outcome.error);
      if (outcome.outcome === 'sent') result.sent += 1;
      else if (outcome.outcome === 'gone') result.gone += 1;
      else result.retried += 1;
    })()
      .catch((err: unknown) => {
        failure ??= err;
      })
      .finally(() => {
        inFlight.delete(task);
        const left = (perSellerNow.get(push.sellerId) ?? 1) - 1;
        if (left > 0) perSellerNow.set(push.sellerId, left);
        else perSellerNow.delete(push.sellerId);
        // the next waiting push takes the place at once, even while the queue is being read
        if (failure === null) fill();
      });
    inFlight.add(task);
  };

  /** starts every waiting push that has a place, oldest first */
  const fill = () => {
    for (let i = 0; i < waiting.length && inFlight.size < concurrency; ) {
      const push = waiting[i];
      if ((perSellerNow.get(push.sellerId) ?? 0) < perSeller) {
        waiting.splice(i, 1);
        start(push);
      } else i += 1;
    }
  };

  const claimMore = async () => {
    const room = Math.min(concurrency - inFlight.size, maxPushes - result.claimed);
    if (room <= 0 || waiting.length >= concurrency) return;
    const due = await store.claim(room);
    result.claimed += due.length;
    waiting.push(...due);
    queueEmpty = due.length < room;
  };

  try {
    await claimMore();
    while (failure === null) {
      fill();
      if (inFlight.size === 0 && waiting.length === 0 && (queueEmpty || result.claimed >= maxPushes)) break;
      if (
        inFlight.size < concurrency &&
        waiting.length < concurrency &&
        !queueEmpty &&
        result.claimed < maxPushes
      ) {
        await claimMore();
        continue;
      }
      // wait for a place to free up, or look at the queue again after a while
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tick = new Promise<'tick'>((resolve) => {
        timer = setTimeout(() => resolve('tick'), pollMs);
      });
      const woke = await Promise.race([...inFlight, tick]);
      clearTimeout(timer);
      // read the queue again after a while, or when what was claimed has all been started
      if (woke === 'tick' || (waiting.length === 0 && inFlight.size < concurrency)) queueEmpty = false;
    }
  } finally {
    // what is in flight is reported either way
    await Promise.all(inFlight);
  }
  if (failure !== null) throw failure;
  return result;
}

type SendOutcome = { outcome: PushOutcome; error: string | null; refused?: boolean };

async function sendOne(
  push: DuePush,
  vapid: VapidConfig,
  network: PushNetwork,
  timeoutMs: number,
): Promise<SendOutcome> {
  const checked = checkPushEndpoint(push.subscription.endpoint, network.localOrigin);
  if (!checked.ok) return { outcome: 'gone', error: `refused: ${checked.reason}`, refused: true };
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
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const address = await withSignal(
      checkedAddress(checked.url.hostname, network.resolve, checked.local),
      signal,
    );
    if (!address.ok) {
      if (address.refused) return { outcome: 'gone', error: `refused: ${address.reason}`, refused: true };
      return { outcome: 'retry', error: address.reason };
    }
    const res = await withSignal(
      network.post(
        { url: checked.url, address: address.address },
        { method: 'POST', headers: request.headers, body: new Uint8Array(request.body), signal },
      ),
      signal,
    );
    const outcome = outcomeOf(res.status);
    if (outcome === 'sent') return { outcome, error: null };
    const text = await res.text().catch(() => '');
    const what = res.status >= 300 && res.status < 400 ? ' (a redirect, not followed)' : '';
    return { outcome, error: `push service answered ${res.status}${what}: ${text.slice(0, 300)}` };
  } catch (err) {
    const why = signal.aborted ? `no answer within ${timeoutMs / 1000} s` : messageOf(err);
    return { outcome: 'retry', error: `push service unreachable: ${why}` };
  }
}

/** The promise, or a rejection when the signal aborts first. */
function withSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', abort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', abort);
        reject(e);
      },
    );
  });
}

/** RFC 8030 Topic: at most 32 base64url characters; a newer push of a project replaces an undelivered one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
