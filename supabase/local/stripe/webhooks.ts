// Webhook delivery as Stripe does it: each event is POSTed as JSON to the endpoint with
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the
// endpoint's signing secret (the whole whsec_… string)>`, signed anew for every attempt; a
// non-2xx answer or a network error is retried later with backoff until the attempts run
// out. Deliveries run one at a time, oldest due first.
import { createHmac } from 'node:crypto';
import type { Delivery, StripeEvent, StripeStore } from './store.ts';

export interface WebhookOptions {
  /** where events go; null: recorded, not sent */
  endpoint: () => string | null;
  /** the signing secret (read when sending, so a changed functions/.env applies) */
  secret: () => string;
  /** waits before attempts 2, 3, … (ms); its length + 1 is the number of attempts */
  backoffMs: number[];
  fetch?: typeof fetch;
  log(message: string): void;
}

export function signatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface Job {
  eventId: string;
  due: number;
}

export class WebhookSender {
  private queue: Job[] = [];
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: StripeStore,
    private readonly opts: WebhookOptions,
  ) {}

  /** Pending deliveries left by the last run go out again. */
  restore() {
    for (const [id, d] of Object.entries(this.store.state.deliveries)) {
      if (d.state === 'pending') this.queue.push({ eventId: id, due: Date.now() });
    }
    this.kick();
  }

  /**
   * Queues an event for delivery (or records that there is no endpoint). `lost`: the event is
   * recorded but its delivery never goes out (state 'lost') until it is resent — a delivery
   * Stripe gave up on, or one the endpoint never subscribed to, for tests of what follows.
   */
  send(event: StripeEvent, lost = false) {
    const endpoint = this.opts.endpoint();
    const state = !endpoint ? 'off' : lost ? 'lost' : 'pending';
    this.store.state.deliveries[event.id] = { attempts: [], state };
    event.pending_webhooks = endpoint ? 1 : 0;
    this.store.changed();
    if (state !== 'pending') return;
    this.queue.push({ eventId: event.id, due: Date.now() });
    this.kick();
  }

  /** Sends an event again now, whatever happened before (like `stripe events resend`). */
  resend(eventId: string) {
    const d = this.store.state.deliveries[eventId] ?? { attempts: [], state: 'pending' };
    d.state = 'pending';
    this.store.state.deliveries[eventId] = d;
    this.queue.push({ eventId, due: Date.now() });
    this.kick();
  }

  /** Resolves when nothing is being sent and nothing is due now (retries waiting for later do not count). */
  idle(): Promise<void> {
    if (!this.running && !this.queue.some((j) => j.due <= Date.now())) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private kick() {
    if (this.running || this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue.sort((a, b) => a.due - b.due);
    const next = this.queue[0];
    if (!next) {
      for (const w of this.idleWaiters.splice(0)) w();
      return;
    }
    const wait = next.due - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => this.kick(), wait);
      this.timer.unref();
      // waiting for a retry counts as idle for callers who wait on the first attempts
      for (const w of this.idleWaiters.splice(0)) w();
      return;
    }
    this.queue.shift();
    this.running = true;
    void this.attempt(next.eventId).finally(() => {
      this.running = false;
      this.kick();
    });
  }

  private async attempt(eventId: string) {
    const event = this.store.state.events[eventId];
    const delivery: Delivery | undefined = this.store.state.deliveries[eventId];
    const endpoint = this.opts.endpoint();
    if (!event || !delivery || !endpoint) return;
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await (this.opts.fetch ?? fetch)(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, this.opts.secret()),
        },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      status = res.status;
      const text = await res.text().catch(() => '');
      if (!res.ok) error = text.slice(0, 300) || `HTTP ${res.status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    delivery.attempts.push({ at: Math.floor(Date.now() / 1000), status, error });
    const ok = status !== null && status >= 200 && status < 300;
    if (ok) {
      delivery.state = 'delivered';
      event.pending_webhooks = 0;
    } else if (delivery.attempts.length > this.opts.backoffMs.length) {
      delivery.state = 'failed';
      this.opts.log(
        `${event.type} ${event.id}: gave up after ${delivery.attempts.length} attempts (${error})`,
      );
    } else {
      const wait = this.opts.backoffMs[delivery.attempts.length - 1];
      this.opts.log(
        `${event.type} ${event.id}: attempt ${delivery.attempts.length} failed (${error}); next in ${wait} ms`,
      );
      this.queue.push({ eventId, due: Date.now() + wait });
    }
    this.store.changed();
  }
}
