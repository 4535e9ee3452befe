// POST /functions/v1/provider-callback?k=&id=&a=&e=&s= — where a generation provider posts
// a job's outcome (FASHN's webhook, the workflow's result). No JWT (config.toml:
// verify_jwt = false): the URL carries an HMAC signature made by dispatch. Answers
//   200 handled · 202 kept: the job's handle is not recorded yet, or a poll holds the job; the
//   step that records the handle or lets go of the job acts on it (nothing waits here) · 400
//   bad or expired signature, unknown job · 409 the job no longer waits for this (finished,
//   replayed, another attempt)
import { readTextBody } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { engineFromEnv } from '../_shared/engine/from-env.ts';

const MAX_BODY = 256 * 1024;

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });
  const text = await readTextBody(req, MAX_BODY);
  if (text instanceof Response) return text;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    return Response.json({ error: 'The body must be JSON' }, { status: 400, headers: corsHeaders });
  }
  try {
    const engine = await engineFromEnv((name) => Deno.env.get(name));
    const answer = await engine.callback(new URL(req.url), body);
    return Response.json(answer.body, { status: answer.status, headers: corsHeaders });
  } catch (err) {
    console.error('[provider-callback]', err);
    return Response.json(
      { error: 'The callback could not be handled' },
      { status: 500, headers: corsHeaders },
    );
  }
});
