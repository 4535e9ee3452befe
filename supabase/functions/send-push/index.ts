// POST /functions/v1/send-push (service role) — sends the Web Push messages that are due:
// a project or a video finished or failed, one push per device of the seller (the database
// queues them; hosted Supabase calls this through pg_net right away and pg_cron every
// minute for retries, the local stack on NOTIFY 'push_jobs' and its minute sweep). Only to
// the browsers' push services, at public addresses (_shared/push/endpoint.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { refuseLargeBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { callerRole } from '../_shared/caller.ts';
import { deliverDuePushes } from '../_shared/push/deliver.ts';
import { localPushOrigin } from '../_shared/push/endpoint.ts';
import { httpsPushPost, systemResolve } from '../_shared/push/post.ts';
import { sqlPushStore } from '../_shared/push/store.ts';
import { vapidFromEnv } from '../_shared/push/vapid.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });
  if (callerRole(req) !== 'service_role')
    return Response.json(
      { error: 'Only the service role sends pushes' },
      { status: 403, headers: corsHeaders },
    );

  const tooLarge = await refuseLargeBody(req, SMALL_JSON_LIMIT);
  if (tooLarge) return tooLarge;

  const { vapid, problem } = vapidFromEnv((name) => Deno.env.get(name));
  if (!vapid) {
    // the pushes stay queued (and are given up after a day): configure the keys
    console.error('[send-push]', problem);
    return Response.json(
      { error: `Web Push is not configured: ${problem}` },
      { status: 503, headers: corsHeaders },
    );
  }
  const service = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  try {
    const result = await deliverDuePushes(sqlPushStore(service), vapid, {
      post: httpsPushPost,
      resolve: systemResolve,
      // only the local stack sets it (hosted Supabase refuses secrets named SUPABASE_*)
      localOrigin: localPushOrigin((name) => Deno.env.get(name)),
      log: (message) => console.warn('[send-push]', message),
    });
    return Response.json(result, { headers: corsHeaders });
  } catch (err) {
    console.error('[send-push]', err);
    return Response.json(
      { error: 'Sending failed; the pushes stay queued' },
      { status: 500, headers: corsHeaders },
    );
  }
});
