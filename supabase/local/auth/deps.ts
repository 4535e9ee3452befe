// What every auth handler works with: the stack (database, JWT signer, mailer, config),
// the issuer of its tokens and the rate limiters, plus the request as handlers see it.
import type { StackConfig } from '../config.ts';
import type { Ctx, StackContext } from '../http.ts';
import type { RateLimiters } from './rate-limits.ts';

export interface AuthDeps {
  stack: StackContext;
  config: StackConfig['auth'];
  /** `iss` of access tokens: {url}/auth/v1 */
  issuer: string;
  limits: RateLimiters;
}

export interface AuthRequest {
  http: Ctx;
  query: URLSearchParams;
  /** the caller's address, for rate limits and session records */
  ip: string;
  userAgent: string | null;
  /** the JSON body as an object ({} when empty); bad JSON is a 400 bad_json */
  body(): Promise<Record<string, unknown>>;
  /** route parameters (:id) */
  params: Record<string, string>;
}

export type Handler = (deps: AuthDeps, req: AuthRequest) => Promise<void>;
