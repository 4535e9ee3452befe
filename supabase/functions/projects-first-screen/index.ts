// POST /functions/v1/projects-first-screen {thumbnail: {width, height, resize, quality}, first}
// — the signed-in seller's active projects (the rows the app's list read gives) and signed,
// transformed URLs of the first `first` cards' pictures at `thumbnail`, in one round trip:
// {projects, thumbnail, pictures: [{bucket, path, url}]} (url relative to the Storage API).
// Read and signed with the caller's token (row-level security, storage policies), so it shows
// nothing the app's own reads would not. 401 without a user, 400 for a body that is not one.
// The logic: _shared/projects/first-screen.ts.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { callerUserId } from '../_shared/caller.ts';
import {
  firstScreen,
  PROJECT_COLUMNS,
  parseFirstScreenRequest,
  SIGNED_URL_SECONDS,
} from '../_shared/projects/first-screen.ts';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: corsHeaders });

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const userId = callerUserId(req);
  if (!userId) return json({ error: 'User not authenticated', code: 'not_authenticated' }, 401);
  const raw = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (raw instanceof Response) return raw;
  const request = parseFirstScreenRequest(raw);
  if (!request) return json({ error: 'Invalid request', code: 'invalid_request' }, 400);

  const url = Deno.env.get('SUPABASE_URL')!;
  const asUser = createClient(url, Deno.env.get('SUPABASE_ANON_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: req.headers.get('Authorization')! } },
  });
  // supabase-js answers absolute, encoded addresses on this side's Supabase URL; the app puts
  // the part after the Storage API on its own
  const storageBase = encodeURI(`${url.replace(/\/+$/, '')}/storage/v1`);
  try {
    return json(
      await firstScreen(request, {
        async projects() {
          const { data, error } = await asUser
            .from('projects')
            .select(PROJECT_COLUMNS)
            .eq('user_id', userId)
            .neq('status', 'archived')
            .order('created_at', { ascending: false });
          if (error) throw error;
          return (data ?? []) as unknown as Record<string, unknown>[];
        },
        async cleanAllowed() {
          const { data, error } = await asUser
            .from('subscriptions')
            .select('plan, plans!subscriptions_plan_fkey(watermark_free_download)')
            .eq('user_id', userId)
            .maybeSingle();
          if (error) throw error;
          const plan = (data as { plans?: { watermark_free_download?: unknown } | null } | null)?.plans;
          return plan?.watermark_free_download === true;
        },
        async sign(picture, thumbnail) {
          const { data, error } = await asUser.storage
            .from(picture.bucket)
            .createSignedUrl(picture.path, SIGNED_URL_SECONDS, { transform: thumbnail });
          if (error || !data.signedUrl.startsWith(storageBase)) return null;
          return data.signedUrl.slice(storageBase.length);
        },
      }),
    );
  } catch (err) {
    console.error('[projects-first-screen]', err);
    return json({ error: 'Projects could not be read', code: 'read_failed' }, 500);
  }
});
