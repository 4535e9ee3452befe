// GET or POST /functions/v1/health (service role only) — what this deployment lacks for its
// background work: the database's checks (public.deploy_health: pg_cron and the schedules,
// pg_net, the Vault secrets, settings) and the functions' own (provider and Stripe secrets,
// the catalogue address). `npm run health` calls it; never returns a secret's value.
// → 200 {ok, database: {ok, checks} | {error}, functions: [{name, ok, detail}]}
import { createClient } from 'npm:@supabase/supabase-js@2';
import { refuseLargeBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerRole } from '../_shared/caller.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { functionSecretsHealth } from '../_shared/health/secrets.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (callerRole(req) !== 'service_role') {
    return Response.json(
      { error: 'Only the service role may read the health report' },
      { status: 403, headers: corsHeaders },
    );
  }
  const tooLarge = await refuseLargeBody(req, SMALL_JSON_LIMIT);
  if (tooLarge) return tooLarge;
  const env = (name: string) => Deno.env.get(name);
  const functions = functionSecretsHealth(env);
  let database: { ok: boolean; checks?: unknown[]; error?: string };
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) database = { ok: false, error: 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set' };
  else {
    const client = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.rpc('deploy_health');
    database = error ? { ok: false, error: error.message } : (data as { ok: boolean; checks: unknown[] });
  }
  const ok = database.ok && functions.every((c) => c.ok);
  return Response.json({ ok, database, functions }, { headers: corsHeaders });
});
