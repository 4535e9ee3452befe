// POST /functions/v1/operator-ai-fix (JSON {action: 'state' | 'try' | 'send' | 'discard',
// fix_id | attempt_id, note?}) with an operator's JWT: tries a fix with FASHN's edit model and
// sends or discards the AI's picture (_shared/operator/ai-fix.ts). Answers the attempt (and on
// send the fix); a refusal is {error, code} with 401 / 403 / 404 / 409 / 400, a failure of
// FASHN 502 ai_failed.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerUserId } from '../_shared/caller.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { download } from '../_shared/engine/supabase-store.ts';
import { AI_OUTPUT_LIMIT, aiFix } from '../_shared/operator/ai-fix.ts';
import { editorFromEnv } from '../_shared/providers/fashn-edit.ts';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: corsHeaders });

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  if (!callerUserId(req)) return json({ error: 'User not authenticated', code: 'not_authenticated' }, 401);
  const body = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (body instanceof Response) return body;

  const url = Deno.env.get('SUPABASE_URL')!;
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const service = createClient(url, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, options);
  const asOperator = createClient(url, Deno.env.get('SUPABASE_ANON_KEY')!, {
    ...options,
    global: { headers: { Authorization: req.headers.get('Authorization')! } },
  });
  const choice = editorFromEnv((name) => Deno.env.get(name));
  try {
    const result = await aiFix(body, {
      editor: choice.editor,
      unavailableReason: choice.editor ? null : choice.reason,
      rpc: async (fn, args) => {
        const { data, error } = await asOperator.rpc(fn, args);
        return { data, error };
      },
      upload: async (bucket, name, bytes) => {
        const { error } = await service.storage
          .from(bucket)
          .upload(name, bytes, { contentType: 'image/png', upsert: true });
        if (error) throw error;
      },
      remove: async (bucket, names) => {
        await service.storage.from(bucket).remove(names);
      },
      download: async (bucket, name) => {
        const { data, error } = await service.storage.from(bucket).download(name);
        if (error || !data) return null;
        return new Uint8Array(await data.arrayBuffer());
      },
      signedUrl: async (bucket, name, seconds) => {
        const { data, error } = await service.storage.from(bucket).createSignedUrl(name, seconds);
        if (error || !data?.signedUrl) throw new Error(`signing ${bucket}/${name}: ${error?.message}`);
        return data.signedUrl;
      },
      fetchOutput: async (output) => (await download(output, AI_OUTPUT_LIMIT)).bytes,
    });
    return json(result.body, result.status);
  } catch (err) {
    console.error('[operator-ai-fix]', err);
    return json({ error: 'The AI attempt could not be made. Please try again.' }, 500);
  }
});
