-- Background removal is charged and queued once per request (as charge_tool_use is since
-- 20261122013000): when the answer to rpc('start_background_removal') is lost (the connection
-- drops after the commit) the browser asks again with the same request id and gets the job it
-- already has — no second 0.40-credit charge, no second job.
--
-- start_background_removal(input_path, request_id): request_id (any text up to 200
-- characters; the browser sends a UUID made for one click on "Remove Background" and keeps it
-- until the server answered) names the request. The answer is the job row as JSON plus
-- `replayed`: true when the request had been served already (nothing charged or queued now;
-- the job is returned as it is now, whatever its status). The request is checked before the
-- photo: a replay answers the same job even if the photo was removed since. Without a request
-- id every call charges and queues, as before.
--
-- Messages (errcode P0001) and their hint codes: as in 20261122005100_background_removal.sql.

alter table public.tool_jobs add column if not exists request_id text;
comment on column public.tool_jobs.request_id is
  'The browser''s id for the request that started the job: a retried request gets this job back instead of a new charge.';
-- one job per (seller, request), even for requests that race each other
create unique index if not exists tool_jobs_request_idx on public.tool_jobs (user_id, request_id)
  where request_id is not null;

drop function if exists public.start_background_removal(text);

create or replace function public.start_background_removal(input_path text, request_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_path text := nullif(btrim(start_background_removal.input_path), '');
  v_request text := left(nullif(btrim(start_background_removal.request_id), ''), 200);
  v_object storage.objects;
  v_mime text;
  v_charge jsonb;
  v_job public.tool_jobs;
begin
  if v_request is not null then
    -- the subscription lock orders this request after a concurrent one with the same id
    perform private.lock_subscription(uid);
    select * into v_job from public.tool_jobs t where t.user_id = uid and t.request_id = v_request;
    if found then
      return to_jsonb(v_job) || jsonb_build_object('replayed', true);
    end if;
  end if;

  if v_path is null then
    perform private.fail('Please upload a photo', 'photo_required');
  end if;
  if not private.is_plain_object_name(v_path) or split_part(v_path, '/', 1) <> uid::text then
    perform private.fail('Photo not found', 'photo_not_found');
  end if;
  select * into v_object from storage.objects o where o.bucket_id = 'tool-images' and o.name = v_path;
  if not found then
    perform private.fail('Photo not found', 'photo_not_found');
  end if;
  v_mime := lower(split_part(coalesce(v_object.metadata ->> 'mimetype', ''), ';', 1));
  if v_mime not in ('image/png', 'image/jpeg', 'image/webp') then
    perform private.fail('Invalid file type. Only PNG, JPG, and WebP are supported.', 'invalid_file_type');
  end if;

  -- the charge carries the request too: charge_tool_use charges a request id once
  v_charge := public.charge_tool_use('background-remover', 'Background removal',
    jsonb_build_object('inputPath', v_path) || case when v_request is null then '{}'::jsonb
                                                    else jsonb_build_object('requestId', v_request) end);
  insert into public.tool_jobs (user_id, tool, input_path, credits_charged, charge_id, request_id)
  values (uid, 'background-remover', v_path, (v_charge ->> 'credits_used')::numeric, (v_charge ->> 'charge_id')::uuid,
          v_request)
  returning * into v_job;

  -- wakes the dispatcher (delivered on commit)
  perform pg_notify('tool_jobs', v_job.id::text);
  return to_jsonb(v_job) || jsonb_build_object('replayed', false);
end
$$;

revoke all on function public.start_background_removal(text, text) from public, anon, authenticated;
-- anon may call it too: it answers 'User not authenticated' (P0001) like every client function
grant execute on function public.start_background_removal(text, text) to anon, authenticated, service_role;
