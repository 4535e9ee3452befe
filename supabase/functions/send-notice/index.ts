// POST /functions/v1/send-notice — posts the outbound notices that are due (feedback,
// contact, sales, low credits, fix requests) to their webhooks. The app calls it right after
// a notice is stored; a scheduler may call it to retry. Notices are stored by SQL functions
// first, so a webhook that is down loses nothing.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { deliverDueNotices, fetchPoster } from '../_shared/notices/deliver.ts';
import { sqlNoticeStore } from '../_shared/notices/store.ts';
import { callerRole } from '../_shared/caller.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });

  const role = callerRole(req);
  if (role !== 'authenticated' && role !== 'service_role') {
    return Response.json({ error: 'Sign in to send notices' }, { status: 401, headers: corsHeaders });
  }

  const service = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  try {
    const result = await deliverDueNotices(sqlNoticeStore(service), fetchPoster(), (name) => Deno.env.get(name));
    return Response.json(result, { headers: corsHeaders });
  } catch (err) {
    console.error('[send-notice]', err);
    return Response.json({ error: 'Delivery failed; the notices stay queued' }, { status: 500, headers: corsHeaders });
  }
});
