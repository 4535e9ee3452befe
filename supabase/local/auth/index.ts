// The GoTrue-compatible auth service at /auth/v1 (wire contract §2): sign-up, sign-in,
// rotating refresh tokens, sessions as server state, mails with verify links, the admin
// API. Each route lives in handlers/; this file turns requests into handler calls and
// every failure into GoTrue's error body.
import {
  clientIp,
  header,
  HttpError,
  parseJsonText,
  readBody,
  sendJson,
  type Ctx,
  type Service,
  type StackContext,
} from '../http.ts';
import type { AuthDeps, AuthRequest } from './deps.ts';
import { AuthError, internal, sendAuthError } from './errors.ts';
import { checkApiKey } from './guards.ts';
import { createRateLimiters } from './rate-limits.ts';
import { matchRoute } from './routes.ts';

const BODY_LIMIT = 1024 * 1024;

export async function createAuthService(ctx: StackContext): Promise<Service> {
  const deps: AuthDeps = {
    stack: ctx,
    config: ctx.config.auth,
    issuer: `${ctx.url}/auth/v1`,
    limits: createRateLimiters(ctx.config.auth.rateLimits),
  };
  return {
    async handle(http) {
      try {
        await dispatch(deps, http);
      } catch (err) {
        if (http.res.headersSent) {
          http.res.destroy();
          return;
        }
        sendAuthError(http.res, toAuthError(deps, http, err));
      }
    },
  };
}

async function dispatch(deps: AuthDeps, http: Ctx) {
  const match = matchRoute(http.method, http.path);
  if (!match) throw new AuthError(404, 'not_found', 'Not Found');
  if ('allowed' in match) {
    http.res.setHeader('Allow', match.allowed.join(', '));
    throw new AuthError(405, 'validation_failed', 'Method Not Allowed');
  }
  const req = makeRequest(http, match.params, deps.stack.config.trustProxy);
  if (!match.route.open) {
    const refusal = await checkApiKey(deps, req);
    if (refusal) return sendJson(http.res, 401, refusal);
  }
  await match.route.handler(deps, req);
}

function makeRequest(http: Ctx, params: Record<string, string>, trustProxy: boolean): AuthRequest {
  let parsed: Promise<Record<string, unknown>> | null = null;
  return {
    http,
    query: new URLSearchParams(http.search),
    ip: clientIp(http.req, trustProxy),
    userAgent: header(http.req, 'user-agent') ?? null,
    params,
    body() {
      parsed ??= readBody(http.req, BODY_LIMIT).then((buf) => {
        const text = buf.toString('utf8').trim();
        if (!text) return {};
        let value: unknown;
        try {
          value = parseJsonText(text);
        } catch (err) {
          throw new AuthError(400, 'bad_json', (err as Error).message);
        }
        // Postgres text and jsonb cannot hold NUL: refuse it here rather than fail later
        if (text.includes('\\u0000') || text.includes('\u0000')) {
          throw new AuthError(
            400,
            'bad_json',
            'Could not parse request body as JSON: NUL characters are not allowed',
          );
        }
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
        }
        return value as Record<string, unknown>;
      });
      return parsed;
    },
  };
}

function toAuthError(deps: AuthDeps, http: Ctx, err: unknown): AuthError {
  if (err instanceof AuthError) return err;
  if (err instanceof HttpError) {
    return new AuthError(err.status, err.status === 413 ? 'validation_failed' : 'bad_json', err.message);
  }
  deps.stack.log('auth', `unexpected error on ${http.method} ${http.path}: ${(err as Error)?.stack ?? err}`);
  return internal('Unexpected failure, please check server logs for more information');
}
