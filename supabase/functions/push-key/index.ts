// GET /functions/v1/push-key — the VAPID public key the app subscribes with
// (PushManager.subscribe's applicationServerKey): {publicKey}, or {publicKey: null} when Web
// Push is not configured (the settings switch then keeps to in-app messages). Public: the
// key is public by design; any caller with the anon key may ask.
import { refuseLargeBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { vapidFromEnv } from '../_shared/push/vapid.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'GET' && req.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });
  // the key needs no body: one is read only up to the small limit, then dropped
  const tooLarge = await refuseLargeBody(req, SMALL_JSON_LIMIT);
  if (tooLarge) return tooLarge;
  const { vapid } = vapidFromEnv((name) => Deno.env.get(name));
  return Response.json(
    { publicKey: vapid?.publicKey ?? null },
    { headers: { ...corsHeaders, 'Cache-Control': 'public, max-age=300' } },
  );
});
