// POST /functions/v1/send-notice — posts the outbound notices that are due (feedback,
// contact, sales, low credits, fix requests) to their webhooks. The app calls it right after
// a notice is stored; a scheduler may call it to retry. Notices are stored by SQL functions
// first, so a webhook that is down loses nothing. A fix request's drawing is sent inline as a
// PNG data URL (README.md).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { refuseLargeBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { deliverDueNotices, fetchPoster } from '../_shared/notices/deliver.ts';
import { sqlNoticeStore } from '../_shared/notices/store.ts';
import { fixRequestPreparer } from '../_shared/notices/fix-drawing.ts';
import { callerRole } from '../_shared/caller.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });

  const role = callerRole(req);
  if (role !== 'authenticated' && role !== 'service_role') {
    return Response.json({ error: 'Sign in to send notices' }, { status: 401, headers: corsHeaders });
  }

  const tooLarge = await refuseLargeBody(req, SMALL_JSON_LIMIT);
  if (tooLarge) return tooLarge;

  const service = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  try {
    const readObject = async (bucket: string, name: string) => {
      const { data, error } = await service.storage.from(bucket).download(name);
      if (error) {
        // a missing object is a 400/404 with statusCode 404 (NoSuchKey)
        const status = String(
          (error as { statusCode?: unknown }).statusCode ?? (error as { status?: unknown }).status ?? '',
        );
        if (status === '404' || /not found|NoSuchKey/i.test(error.message)) return null;
        throw error;
      }
      return { bytes: new Uint8Array(await data.arrayBuffer()), contentType: data.type || 'image/png' };
    };
    const result = await deliverDueNotices(
      sqlNoticeStore(service),
      fetchPoster(),
      (name) => Deno.env.get(name),
      20,
      fixRequestPreparer(readObject),
    );
    return Response.json(result, { headers: corsHeaders });
  } catch (err) {
    console.error('[send-notice]', err);
    return Response.json(
      { error: 'Delivery failed; the notices stay queued' },
      { status: 500, headers: corsHeaders },
    );
  }
});
