// The environment an edge function sees through Deno.env, as on hosted Supabase:
// the project's secrets (locally: supabase/functions/.env, with the process environment
// taking precedence so a shell or a test can override a value), then the variables the
// platform always sets, which secrets cannot override.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { StackContext } from '../http.ts';
import { pushDefaults } from '../push/vapid-keys.ts';
import { stripeDefaults } from '../stripe/defaults.ts';

/** KEY=value lines; `#` comments, optional `export `, single or double quotes (\n in double). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[m[1]] = value;
  }
  return out;
}

export function dotenvPath(ctx: StackContext): string {
  return path.join(ctx.config.functionsDir, '.env');
}

/** A fresh object per function load, so Deno.env.set in one function stays in it. */
export function functionEnv(ctx: StackContext): Record<string, string> {
  const file = dotenvPath(ctx);
  const secrets = existsSync(file) ? parseDotenv(readFileSync(file, 'utf8')) : {};
  const processEnv = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const platform: Record<string, string> = {
    SUPABASE_URL: ctx.url,
    SUPABASE_ANON_KEY: ctx.keys.anon,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRole,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.keys.publishable }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.keys.secret }),
    // this stack runs the schedules itself (no pg_cron, pg_net or Vault): the health function
    // says so, and the console shows those checks as the stack's (a secret cannot set it)
    SUPABASE_LOCAL_STACK: '1',
  };
  if (ctx.config.databaseUrl) platform.SUPABASE_DB_URL = ctx.config.databaseUrl;
  const env = { ...secrets, ...processEnv, ...platform };
  // the stand-in push service pushes may reach at a private address: only the stack's own
  // setting (LOCAL_PUSH_SERVICE_ORIGIN) says so, never a secret (hosted refuses SUPABASE_*)
  delete env.SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN;
  if (ctx.config.localPushServiceOrigin)
    env.SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN = ctx.config.localPushServiceOrigin;
  return {
    ...engineDefaults(ctx, env),
    ...stripeDefaults(ctx, env),
    ...pushDefaults(ctx.config.dataDir, env),
    ...env,
  };
}

/**
 * What the generation engine (dispatch, provider-callback) needs locally unless the
 * secrets or the environment say otherwise: the local provider, i.e. FASHN's API served by
 * this stack at /_dev/fashn; a callback secret derived from the JWT secret; the app's
 * address for catalogue photos. FASHN_API_URL is only defaulted for the local provider,
 * so GENERATION_PROVIDER=fashn without a URL reaches the real FASHN API.
 */
export function engineDefaults(ctx: StackContext, env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    GENERATION_PROVIDER: 'local',
    PROVIDER_CALLBACK_SECRET: createHmac('sha256', ctx.config.jwtSecret)
      .update('drape provider callbacks')
      .digest('base64url'),
    CATALOGUE_BASE_URL: ctx.config.auth.siteUrl,
  };
  const provider = (env.GENERATION_PROVIDER ?? 'local').trim().toLowerCase() || 'local';
  if (provider === 'local') {
    out.FASHN_API_URL = `http://127.0.0.1:${ctx.config.port}/_dev/fashn`;
    // the endpoint then takes only this key
    if (ctx.config.devKeys.fashn) out.FASHN_API_KEY = ctx.config.devKeys.fashn;
  }
  return out;
}
