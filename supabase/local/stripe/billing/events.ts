// Events: every change the stand-in makes is announced by the event Stripe sends for it,
// recorded and handed to the webhook sender. `losing` runs a change with the deliveries of
// some event types lost (the dev API's `lose`).
import { publicView } from '../errors.ts';
import { newId, nowSeconds, type StripeEvent, type StripeStore } from '../store.ts';
import type { WebhookSender } from '../webhooks.ts';

/** The API version the stripe package in node_modules pins; events carry it. */
export const API_VERSION = '2026-10-28.endive';

export interface RequestRef {
  id: string | null;
  idempotency_key: string | null;
}

export class EventLog {
  /** event types whose deliveries are lost while `losing` runs ('*' = all) */
  private lost: Set<string> | null = null;

  constructor(
    private readonly store: StripeStore,
    private readonly sender: WebhookSender,
  ) {}

  /**
   * Runs fn with the deliveries of the events it makes of these types lost (recorded, never
   * sent until resent; '*' = every type): the dev API's `lose`, for tests of a webhook that
   * never arrives.
   */
  losing<T>(types: string[], fn: () => T): T {
    if (types.length === 0) return fn();
    this.lost = new Set(types);
    try {
      return fn();
    } finally {
      this.lost = null;
    }
  }

  emit(
    type: string,
    object: object,
    previous?: Record<string, unknown>,
    request: RequestRef = { id: null, idempotency_key: null },
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt', 24),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: previous
        ? { object: structuredClone(publicView(object)), previous_attributes: previous }
        : { object: structuredClone(publicView(object)) },
      livemode: false,
      pending_webhooks: 0,
      request,
      type,
    };
    this.store.state.events[event.id] = event;
    this.sender.send(event, this.lost !== null && (this.lost.has('*') || this.lost.has(type)));
    this.store.changed();
    return event;
  }
}
