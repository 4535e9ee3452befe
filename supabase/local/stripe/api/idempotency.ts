// Idempotent requests as Stripe keeps them: a POST with an Idempotency-Key is answered, for
// 24 hours, with the first answer to that key (Idempotent-Replayed: true) when it comes
// again with the same parameters, and refused with idempotency_error when the parameters
// differ.
import { createHash } from 'node:crypto';
import { StripeApiError } from '../errors.ts';
import { nowSeconds, type StripeStore } from '../store.ts';

const KEEP_SECONDS = 24 * 3600;

export interface Replay {
  status: number;
  body: string;
}

export class IdempotencyKeys {
  constructor(private readonly store: StripeStore) {}

  static fingerprint(method: string, path: string, body: string): string {
    return createHash('sha256').update(`${method} ${path} ${body}`).digest('hex');
  }

  /** The first answer to this key, or null for a new key; throws for the same key with other parameters. */
  replay(key: string, fingerprint: string): Replay | null {
    const seen = this.store.state.idempotency[key];
    if (!seen || seen.at <= nowSeconds() - KEEP_SECONDS) return null;
    if (seen.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return { status: seen.status, body: seen.body };
  }

  remember(key: string, fingerprint: string, status: number, body: string) {
    this.store.state.idempotency[key] = { at: nowSeconds(), fingerprint, status, body };
    this.store.changed();
  }
}
