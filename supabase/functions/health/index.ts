// GET or POST /functions/v1/health (the service role, or an operator) — what this deployment
// lacks for its background work: the database's checks (public.deploy_health: pg_cron and the
// schedules, pg_net, the Vault secrets, settings) and the functions' own (provider and Stripe
// secrets, the catalogue address, and with FASHN whether the catalogue it would be sent is
// still the drawn demo art: _shared/health/catalogue-art.ts). `npm run health` calls it with
// the service role; the operator console's Work tab with the operator's JWT: the database part is then read through
// public.operator_deploy_health with that JWT, so the SQL checks the role (a seller, or a JWT
// claiming a role the account does not have, gets 403 operator_only). Never returns a secret's
// value.
// → 200 {ok, scheduler, database: {ok, checks} | {error}, functions: [{name, ok, detail}]}
// scheduler: 'local' on the local stack (its own timer runs the schedules, so pg_cron, pg_net
// and Vault are not needed there; the platform variable SUPABASE_LOCAL_STACK says so), else
// 'hosted'.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { refuseLargeBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerRole, callerUserId } from '../_shared/caller.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { catalogueArtHealth } from '../_shared/health/catalogue-art.ts';
import { functionSecretsHealth } from '../_shared/health/secrets.ts';

const refused = () =>
  Response.json(
    { error: 'Only the service role or an operator may read the health report', code: 'operator_only' },
    { status: 403, headers: corsHeaders },
  );

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  const service = callerRole(req) === 'service_role';
  if (!service && !callerUserId(req)) return refused();
  const tooLarge = await refuseLargeBody(req, SMALL_JSON_LIMIT);
  if (tooLarge) return tooLarge;
  const env = (name: string) => Deno.env.get(name);
  let database: { ok: boolean; checks?: unknown[]; error?: string };
  const url = env('SUPABASE_URL');
  const key = service ? env('SUPABASE_SERVICE_ROLE_KEY') : env('SUPABASE_ANON_KEY');
  if (!url || !key) {
    if (!service) return refused();
    database = { ok: false, error: 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set' };
  } else {
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const client = service
      ? createClient(url, key, options)
      : createClient(url, key, {
          ...options,
          global: { headers: { Authorization: req.headers.get('Authorization')! } },
        });
    const { data, error } = await client.rpc(service ? 'deploy_health' : 'operator_deploy_health');
    // an operator's report is answered only once the SQL has said they are one
    if (!service && error) {
      if (error.hint === 'operator_only') return refused();
      return Response.json(
        { error: 'The health report could not be read. Please try again.' },
        { status: 502, headers: corsHeaders },
      );
    }
    database = error ? { ok: false, error: error.message } : (data as { ok: boolean; checks: unknown[] });
  }
  const functions = functionSecretsHealth(env);
  // with FASHN: whether the catalogue the app serves is still the drawn demo art
  const art = await catalogueArtHealth(env);
  if (art) functions.splice(functions.findIndex((c) => c.name === 'catalogue_url') + 1, 0, art);
  const ok = database.ok && functions.every((c) => c.ok);
  const scheduler = env('SUPABASE_LOCAL_STACK') === '1' ? 'local' : 'hosted';
  return Response.json({ ok, scheduler, database, functions }, { headers: corsHeaders });
});
