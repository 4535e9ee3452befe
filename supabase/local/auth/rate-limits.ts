// Rate limits like GoTrue's: per caller IP, a bucket holding `limit` requests that refills
// at `limit` per five minutes (config.auth.rateLimits); mails are counted for the whole
// stack per hour. A refused request is a 429 the client shows, never a silent drop.
import type { RateLimits } from '../config.ts';
import { tooManyRequests } from './errors.ts';

const FIVE_MINUTES = 5 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** A token bucket per key: `capacity` requests, refilled evenly over `windowMs`. */
export class Bucket {
  private readonly tokens = new Map<string, { level: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
  ) {}

  /** Takes one token for key; false when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    if (this.capacity <= 0) return false;
    const rate = this.capacity / this.windowMs;
    const b = this.tokens.get(key) ?? { level: this.capacity, at: now };
    b.level = Math.min(this.capacity, b.level + (now - b.at) * rate);
    b.at = now;
    if (b.level < 1) {
      this.tokens.set(key, b);
      return false;
    }
    b.level -= 1;
    this.tokens.set(key, b);
    if (this.tokens.size > 10_000) this.prune(now);
    return true;
  }

  /** Whether a token is available, without taking it. */
  peek(key: string, now = Date.now()): boolean {
    if (this.capacity <= 0) return false;
    const b = this.tokens.get(key);
    if (!b) return true;
    return Math.min(this.capacity, b.level + (now - b.at) * (this.capacity / this.windowMs)) >= 1;
  }

  private prune(now: number) {
    for (const [k, b] of this.tokens) if (now - b.at > this.windowMs) this.tokens.delete(k);
  }
}

export interface RateLimiters {
  /** POST /token, every grant (GoTrue's RATE_LIMIT_TOKEN_REFRESH) */
  token(ip: string): void;
  /** sign-up, recover, resend, otp, magic link (GoTrue's RATE_LIMIT_OTP, "sign_in_sign_ups") */
  signInSignUp(ip: string): void;
  /** /verify (RATE_LIMIT_VERIFY) */
  verify(ip: string): void;
  /** throws when no mail may go out now; call before doing the work of a mail */
  checkEmail(): void;
  /** counts one mail sent */
  countEmail(): void;
}

export function createRateLimiters(limits: RateLimits): RateLimiters {
  const token = new Bucket(limits.tokenRefresh, FIVE_MINUTES);
  const signIn = new Bucket(limits.signInSignUps, FIVE_MINUTES);
  const verify = new Bucket(limits.tokenVerifications, FIVE_MINUTES);
  const email = new Bucket(limits.emailSent, HOUR);
  const limited = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  return {
    token(ip) {
      if (!token.take(ip)) throw limited();
    },
    signInSignUp(ip) {
      if (!signIn.take(ip)) throw limited();
    },
    verify(ip) {
      if (!verify.take(ip)) throw limited();
    },
    checkEmail() {
      if (!email.peek('all'))
        throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    },
    countEmail() {
      email.take('all');
    },
  };
}
