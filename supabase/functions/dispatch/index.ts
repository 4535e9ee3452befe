// POST /functions/v1/dispatch (service role only) — one run of the generation engine: claims
// due work with a lease (new images, video requests, background removals; jobs waiting at
// the provider that are due for a poll), submits new work to the provider, finishes what
// the provider has finished, and returns a report. It never waits for a render.
// Called every minute by pg_cron + pg_net on hosted Supabase and on insert (20261122005200),
// and by the local stack on NOTIFY and on its timer (supabase/local/jobs/dispatch.ts).
import { refuseLargeBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerRole } from '../_shared/caller.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { engineFromEnv } from '../_shared/engine/from-env.ts';
import { catalogueUrlProblem } from '../_shared/health/secrets.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });
  if (callerRole(req) !== 'service_role') {
    return Response.json(
      { error: 'Only the service role may run the dispatcher' },
      { status: 403, headers: corsHeaders },
    );
  }
  const tooLarge = await refuseLargeBody(req, SMALL_JSON_LIMIT);
  if (tooLarge) return tooLarge;
  // On hosted Supabase a loopback catalogue address would send providers to photos they can
  // never fetch: claim nothing (no attempt is spent) and say why.
  const refused = catalogueUrlProblem((name) => Deno.env.get(name));
  if (refused) {
    console.error(`[dispatch] refused: ${refused}`);
    return Response.json({ error: `dispatch refused: ${refused}` }, { status: 503, headers: corsHeaders });
  }
  try {
    const engine = await engineFromEnv((name) => Deno.env.get(name));
    const worker = `dispatch-${crypto.randomUUID().slice(0, 8)}`;
    const report = await engine.dispatch(worker);
    return Response.json({ worker, ...report }, { headers: corsHeaders });
  } catch (err) {
    console.error('[dispatch]', err);
    return Response.json(
      { error: err instanceof Error ? err.message : 'dispatch failed' },
      { status: 500, headers: corsHeaders },
    );
  }
});
