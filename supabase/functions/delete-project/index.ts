// POST /functions/v1/delete-project {projectId} — the signed-in owner deletes a project: the
// SQL function delete_project removes the rows (refusing a project still processing) and
// queues every stored file; this function then removes the queued files through Storage with
// the service role. Answers {projectId, removedObjects, filesPending}; a refusal is
// {error, code} (the SQL hint code) with 404 / 409.
// Called with the service role key and no projectId, it removes whatever is due in the queue
// (files left by an earlier failure or by rows deleted another way): the pg_cron schedule.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { callerRole, callerUserId } from '../_shared/caller.ts';
import { drainStorageCleanup } from '../_shared/storage-cleanup/drain.ts';
import { serviceObjectStorage, sqlCleanupQueue } from '../_shared/storage-cleanup/supabase.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS_BY_CODE: Record<string, number> = {
  not_authenticated: 401,
  project_not_found: 404,
  project_processing: 409,
  video_processing: 409,
};

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: corsHeaders });

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);

  const url = Deno.env.get('SUPABASE_URL')!;
  const service = createClient(url, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const drain = (onlyUser: string | null) =>
    drainStorageCleanup(sqlCleanupQueue(service), serviceObjectStorage(service), { onlyUser, max: 500 });

  const raw = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (raw instanceof Response) return raw;
  const body = (raw ?? {}) as { projectId?: unknown };
  const userId = callerUserId(req);

  if (!userId) {
    if (callerRole(req) !== 'service_role' || body.projectId !== undefined) {
      return json({ error: 'User not authenticated', code: 'not_authenticated' }, 401);
    }
    try {
      return json(await drain(null));
    } catch (err) {
      console.error('[delete-project] cleanup', err);
      return json({ error: 'Cleanup failed; the files stay queued' }, 500);
    }
  }

  if (typeof body.projectId !== 'string' || !UUID.test(body.projectId)) {
    return json({ error: 'Project not found', code: 'project_not_found' }, 404);
  }

  const asUser = createClient(url, Deno.env.get('SUPABASE_ANON_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: req.headers.get('Authorization')! } },
  });
  const { error } = await asUser.rpc('delete_project', { project_id: body.projectId });
  if (error) {
    const code = error.hint || null;
    if (code && error.code === 'P0001') {
      return json({ error: error.message, code }, STATUS_BY_CODE[code] ?? 400);
    }
    console.error('[delete-project]', error);
    return json({ error: 'Failed to delete project. Please try again.' }, 500);
  }

  // The rows are gone; the files follow. A failure here leaves them queued for a later run.
  try {
    const result = await drain(userId);
    return json({
      projectId: body.projectId,
      removedObjects: result.removedObjects,
      filesPending: result.failed > 0,
    });
  } catch (err) {
    console.error('[delete-project] cleanup', err);
    return json({ projectId: body.projectId, removedObjects: 0, filesPending: true });
  }
});
