// POST /functions/v1/operator-answer-fix (multipart: fix_id, note?, file = PNG) with an
// operator's JWT: stores the picture and its watermarked copy and completes the fix
// (_shared/operator/answer-fix.ts). Answers {fix}; a refusal is {error, code} with 401 / 403 /
// 404 / 409 / 400, a picture over 8 MiB 413.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { readBodyBytes } from '../_shared/body.ts';
import { callerUserId } from '../_shared/caller.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { ANSWER_LIMIT, answerFix } from '../_shared/operator/answer-fix.ts';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: corsHeaders });

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  if (!callerUserId(req)) return json({ error: 'User not authenticated', code: 'not_authenticated' }, 401);

  const bytes = await readBodyBytes(req, ANSWER_LIMIT);
  if (bytes instanceof Response) return bytes;
  let form: FormData;
  try {
    // (a copy: Deno's Response takes a view of an ArrayBuffer, not of any buffer)
    form = await new Response(bytes.slice(), {
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    return json({ error: 'The picture must be a PNG image', code: 'fix_picture_invalid' }, 400);
  }
  const file = form.get('file');
  const picture = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;

  const url = Deno.env.get('SUPABASE_URL')!;
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const service = createClient(url, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, options);
  const asOperator = createClient(url, Deno.env.get('SUPABASE_ANON_KEY')!, {
    ...options,
    global: { headers: { Authorization: req.headers.get('Authorization')! } },
  });
  try {
    const result = await answerFix(
      { fixId: form.get('fix_id'), note: form.get('note'), picture },
      {
        rpc: async (fn, args) => {
          const { data, error } = await asOperator.rpc(fn, args);
          return { data, error };
        },
        upload: async (bucket, name, body) => {
          const { error } = await service.storage
            .from(bucket)
            .upload(name, body, { contentType: 'image/png', upsert: true });
          if (error) throw error;
        },
        remove: async (bucket, names) => {
          await service.storage.from(bucket).remove(names);
        },
      },
    );
    return json(result.body, result.status);
  } catch (err) {
    console.error('[operator-answer-fix]', err);
    return json({ error: 'The answer could not be sent. Please try again.' }, 500);
  }
});
