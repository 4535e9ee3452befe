-- The generation engine's queue (service role): what the `dispatch` and `provider-callback`
-- functions claim, record and finish. Images, project videos and tool jobs (background
-- removal, 20261122005100) all go through the same steps:
--
--   claim_dispatch_work   claims due work with a lease (SKIP LOCKED): new and retried jobs to
--                         submit, and jobs waiting at a provider that are due for a poll
--   record_provider_job   the provider accepted the work: its handle, a lease that covers
--                         the provider's own time, the next poll
--   begin_provider_callback  a signed callback arrived: is it about the job's current work?
--   record_provider_progress the work is still running (maybe at its next stage)
--   retry_engine_job      a transient provider error: try again after a backoff, or, after
--                         the last attempt, fail (and refund)
--   finish_engine_job     completed / failed / rejected, through report_image_outcome and
--                         report_video_outcome (refunds happen there, exactly once)
--
-- A job whose worker died keeps its lease until it runs out; then claim_dispatch_work takes
-- it again (a new attempt), and after the last attempt it fails and is refunded.
--
-- Provider handles ('fashn:tryon:<prediction id>', 'webhook:image:<id>:<attempt>') live in
-- private.provider_waits with the poll schedule, so a poll does not touch the rows the
-- seller's browser watches. The job's own provider_job_id column (images, projects.video_…,
-- tool_jobs) holds an opaque reference to it (private.handle_ref): sellers can read those
-- rows, and a provider's output URLs are derived from its prediction id (FASHN's CDN:
-- /<id>/output_0.png) — a free-plan seller must not be able to fetch the clean result.

-- Bookkeeping columns ------------------------------------------------------------------

-- images: attempts, lease_expires_at, worker and provider_job_id exist already.
alter table public.images
  add column if not exists next_attempt_at timestamptz;
comment on column public.images.next_attempt_at is
  'after a transient provider error: when the next attempt starts (the lease ends then too)';

alter table public.projects
  add column if not exists video_attempts integer not null default 0,
  add column if not exists video_lease_expires_at timestamptz,
  add column if not exists video_worker text,
  add column if not exists video_provider_job_id text,
  add column if not exists video_next_attempt_at timestamptz;
create index if not exists projects_video_queue_idx on public.projects (video_requested_at)
  where video_status in ('pending', 'processing');

-- A new video request starts a fresh job (request_project_video sets video_status pending).
create or replace function private.tg_projects_video_request() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.video_status = 'pending' and old.video_status is distinct from 'pending' then
    new.video_attempts := 0;
    new.video_lease_expires_at := null;
    new.video_worker := null;
    new.video_provider_job_id := null;
    new.video_next_attempt_at := null;
  end if;
  return new;
end
$$;
create trigger video_request before update of video_status on public.projects
  for each row execute function private.tg_projects_video_request();

-- Jobs waiting at a provider: when to ask next, and who is asking right now.
create table if not exists private.provider_waits (
  kind text not null check (kind in ('image', 'video', 'tool')),
  job_id uuid not null,
  attempt integer not null,
  handle text not null,
  next_poll_at timestamptz not null,
  -- a poller or a callback is handling the job until then (nobody else touches it)
  handling_until timestamptz,
  created_at timestamptz not null default now(),
  primary key (kind, job_id)
);
create index if not exists provider_waits_due_idx on private.provider_waits (next_poll_at);

-- Tool jobs: a seller's background removal (spec 2 §2, §4 "Tools flow"), started by
-- public.start_background_removal (20261122005100), charged up front (0.40 credits) and
-- refunded once when it fails. The seller reads their own rows (and sees them live).
create table if not exists public.tool_jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  tool text not null check (tool in ('background-remover')),
  status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed')),
  -- the seller's photo and the result: object names in bucket 'tool-images'
  input_path text not null,
  result_path text,
  error text,
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  attempts integer not null default 0,
  lease_expires_at timestamptz,
  next_attempt_at timestamptz,
  worker text,
  provider_job_id text,
  refunded_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists tool_jobs_user_created_idx on public.tool_jobs (user_id, created_at desc);
create index if not exists tool_jobs_queue_idx on public.tool_jobs (created_at) where status in ('pending', 'processing');
create trigger set_updated_at before update on public.tool_jobs
  for each row execute function private.tg_set_updated_at();

alter table public.tool_jobs enable row level security;
revoke all on table public.tool_jobs from anon, authenticated;
grant select on public.tool_jobs to authenticated;
grant all on table public.tool_jobs to service_role;
create policy "own tool jobs" on public.tool_jobs for select to authenticated
  using (user_id = (select auth.uid()));

-- A finished tool job stays finished; a failed one gives its charge back, exactly once.
create or replace function private.tg_tool_jobs_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is not distinct from old.status then
    return new;
  end if;
  if old.status in ('completed', 'failed') then
    raise exception 'tool job % is already %', old.id, old.status using errcode = 'P0001', hint = 'job_finished';
  end if;
  if new.status = 'completed' then
    new.completed_at := coalesce(new.completed_at, now());
    new.lease_expires_at := null;
  elsif new.status = 'failed' then
    new.lease_expires_at := null;
    if new.refunded_at is null and new.charge_id is not null then
      perform private.refund(new.charge_id, null, 'ledger:' || new.charge_id,
                             jsonb_build_object('toolJobId', new.id, 'tool', new.tool, 'note', 'tool job failed'));
      new.refunded_at := now();
    end if;
  end if;
  return new;
end
$$;
create trigger status_change before update of status on public.tool_jobs
  for each row execute function private.tg_tool_jobs_status();

-- The seller's browser watches its tool jobs finish.
alter publication supabase_realtime add table public.tool_jobs;

-- The reference a job row keeps of its provider handle.
create or replace function private.handle_ref(p_handle text) returns text
language sql immutable
set search_path = ''
as $$
  select 'ref:' || left(encode(sha256(convert_to(p_handle, 'UTF8')), 'hex'), 32)
$$;

-- Jobs as the engine's code reads them -------------------------------------------------
-- (plpgsql with a generic plan: each session plans these joins once, not on every claim —
-- a custom plan for a handful of ids cost 5-10 ms of planning each time)

create or replace function private.image_jobs_json(p_ids uuid[]) returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
begin
  if cardinality(p_ids) = 0 then
    return '[]'::jsonb;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
        'kind', 'image', 'image_id', i.id, 'project_id', p.id, 'user_id', p.user_id, 'attempt', i.attempts,
        'project_type', p.type, 'project_name', p.name, 'product_path', i.original_path,
        'garment_types', p.metadata -> 'garmentTypes',
        'pose', jsonb_build_object('id', po.id, 'name', po.name, 'prompt', po.prompt),
        'model', case when p.custom_model is not null
          then jsonb_build_object('id', 9999, 'custom', true, 'description', p.custom_model,
                 'gender', coalesce(p.metadata ->> 'gender', 'women'),
                 -- a custom model still needs a photo for a try-on provider: the first model
                 -- of the gender in the same pose
                 'default_image_path', (
                   select dmm.path from public.models dm
                   join public.model_media dmm on dmm.model_id = dm.id and dmm.position = i.pose_id and dmm.kind = 'image'
                   where dm.gender = coalesce(p.metadata ->> 'gender', 'women')
                   order by dm.sort_order limit 1))
          else jsonb_build_object('id', m.id, 'custom', false, 'name', m.name, 'slug', m.slug, 'gender', m.gender,
                 'description', m.description, 'pose_image_path', coalesce(mm.path, m.image_path)) end,
        'background', case when p.custom_background is not null
          then jsonb_build_object('id', 9999, 'custom', true, 'description', p.custom_background)
          else jsonb_build_object('id', b.id, 'custom', false, 'name', b.name, 'image_path', b.image_path,
                 'blurred_image_path', b.blurred_image_path, 'keeps_original', b.keeps_original, 'prompt', b.prompt) end,
        'background_blurred', p.background_blurred,
        'plan', s.plan, 'watermark', pl.watermark, 'resolution', pl.resolution,
        'credits_remaining', s.credits_remaining, 'email', u.email,
        'provider_job_id', i.provider_job_id) order by i.created_at, i.position), '[]'::jsonb)
    from public.images i
    join public.projects p on p.id = i.project_id
    join public.subscriptions s on s.user_id = p.user_id
    join public.plans pl on pl.id = s.plan
    join auth.users u on u.id = p.user_id
    left join public.models m on m.id = p.model_id
    left join public.model_media mm on mm.model_id = m.id and mm.position = i.pose_id and mm.kind = 'image'
    left join public.backgrounds b on b.id = p.background_id
    left join public.poses po on po.id = i.pose_id and po.gender = coalesce(m.gender, p.metadata ->> 'gender', 'women')
    where i.id = any (p_ids));
end
$$;

create or replace function private.video_jobs_json(p_ids uuid[]) returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
begin
  if cardinality(p_ids) = 0 then
    return '[]'::jsonb;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
        'kind', 'video', 'project_id', p.id, 'user_id', p.user_id, 'attempt', p.video_attempts,
        'project_name', p.name,
        'style', jsonb_build_object('id', p.video_style, 'name', vs.name_en,
                                    'prompt', coalesce(vs.prompt, p.video_custom_description, '')),
        'custom_description', p.video_custom_description,
        'image_path', img.generated_path, 'image_id', img.id, 'email', u.email,
        'provider_job_id', p.video_provider_job_id) order by p.video_requested_at), '[]'::jsonb)
    from public.projects p
    join auth.users u on u.id = p.user_id
    left join public.video_styles vs on vs.id = p.video_style
    left join lateral (
      select i.id, i.generated_path from public.images i
      where i.project_id = p.id and i.status = 'completed' and i.generated_path is not null
      order by i.position, i.created_at limit 1) img on true
    where p.id = any (p_ids));
end
$$;

create or replace function private.tool_jobs_json(p_ids uuid[]) returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
begin
  if cardinality(p_ids) = 0 then
    return '[]'::jsonb;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
        'kind', 'tool', 'job_id', t.id, 'user_id', t.user_id, 'tool', t.tool, 'attempt', t.attempts,
        'input_path', t.input_path, 'email', u.email, 'provider_job_id', t.provider_job_id) order by t.created_at), '[]'::jsonb)
    from public.tool_jobs t
    join auth.users u on u.id = t.user_id
    where t.id = any (p_ids));
end
$$;

-- Claiming -----------------------------------------------------------------------------

-- Claims what is due, for one worker:
--   images  pending ones and those whose lease ran out (claim_generation_jobs), each a new
--           attempt; a retried one waits for its next_attempt_at (its lease ends then)
--   videos  project videos pending, or processing with a lease that ran out
--   tools   tool jobs (background removal) pending, or processing with a lease that ran out
--   polls   jobs waiting at a provider whose next poll is due (handled for poll_lease_seconds)
-- Work whose last attempt ran out fails (and is refunded) instead.
-- Returns {images: [...], videos: [...], tools: [...], polls: [...]}.
create or replace function public.claim_dispatch_work(
  worker text, max_jobs integer default 8, lease_seconds integer default 120, max_attempts integer default 3,
  max_polls integer default 16, poll_lease_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_image_ids uuid[];
  v_video_ids uuid[];
  v_tool_ids uuid[];
  v_polls jsonb;
  r record;
begin
  -- images: the existing queue (it also fails images whose last attempt ran out)
  select coalesce(array_agg((e ->> 'image_id')::uuid), '{}') into v_image_ids
    from jsonb_array_elements(public.claim_generation_jobs(worker, max_jobs, lease_seconds, max_attempts)) e;
  if cardinality(v_image_ids) > 0 then
    update public.images set provider_job_id = null, next_attempt_at = null where id = any (v_image_ids);
    delete from private.provider_waits w where w.kind = 'image' and w.job_id = any (v_image_ids);
  end if;

  -- videos whose last attempt ran out fail (report_video_outcome refunds them)
  for r in
    select p.id from public.projects p
    where p.video_status = 'processing' and p.video_lease_expires_at < v_now and p.video_attempts >= max_attempts
    for update skip locked
  loop
    perform public.report_video_outcome(r.id, 'failed', null, null, 'video generation timed out');
    delete from private.provider_waits w where w.kind = 'video' and w.job_id = r.id;
  end loop;
  with picked as (
    select p.id from public.projects p
    where p.video_status = 'pending' or (p.video_status = 'processing' and p.video_lease_expires_at < v_now)
    order by p.video_requested_at nulls first
    limit greatest(max_jobs, 0)
    for update of p skip locked),
  claimed as (
    update public.projects p set video_status = 'processing', video_attempts = p.video_attempts + 1,
      video_lease_expires_at = v_now + make_interval(secs => lease_seconds),
      video_worker = claim_dispatch_work.worker, video_provider_job_id = null, video_next_attempt_at = null
    from picked where p.id = picked.id
    returning p.id)
  select coalesce(array_agg(id), '{}') into v_video_ids from claimed;
  delete from private.provider_waits w where w.kind = 'video' and w.job_id = any (v_video_ids);

  -- tool jobs likewise
  for r in
    select t.id from public.tool_jobs t
    where t.status = 'processing' and t.lease_expires_at < v_now and t.attempts >= max_attempts
    for update skip locked
  loop
    update public.tool_jobs t set status = 'failed', error = coalesce(t.error, 'background removal timed out') where t.id = r.id;
    delete from private.provider_waits w where w.kind = 'tool' and w.job_id = r.id;
  end loop;
  with picked as (
    select t.id from public.tool_jobs t
    where (t.status = 'pending') or (t.status = 'processing' and t.lease_expires_at < v_now)
    order by t.created_at
    limit greatest(max_jobs, 0)
    for update of t skip locked),
  claimed as (
    update public.tool_jobs t set status = 'processing', attempts = t.attempts + 1,
      lease_expires_at = v_now + make_interval(secs => lease_seconds), worker = claim_dispatch_work.worker,
      provider_job_id = null, next_attempt_at = null
    from picked where t.id = picked.id
    returning t.id)
  select coalesce(array_agg(id), '{}') into v_tool_ids from claimed;
  delete from private.provider_waits w where w.kind = 'tool' and w.job_id = any (v_tool_ids);

  v_polls := private.claim_polls(max_polls, poll_lease_seconds, v_now);

  return jsonb_build_object(
    'images', private.image_jobs_json(v_image_ids),
    'videos', private.video_jobs_json(v_video_ids),
    'tools', private.tool_jobs_json(v_tool_ids),
    'polls', v_polls);
end
$$;

-- Is the job still waiting for this work? (processing, same attempt, same handle)
create or replace function private.job_waits_for(p_kind text, p_job_id uuid, p_attempt integer, p_handle text)
returns boolean
language plpgsql stable
set search_path = ''
as $$
declare
  v boolean;
begin
  if p_kind = 'image' then
    select i.status = 'processing' and i.attempts = p_attempt and i.provider_job_id = private.handle_ref(p_handle) into v
      from public.images i where i.id = p_job_id;
  elsif p_kind = 'video' then
    select p.video_status = 'processing' and p.video_attempts = p_attempt and p.video_provider_job_id = private.handle_ref(p_handle) into v
      from public.projects p where p.id = p_job_id;
  else
    select t.status = 'processing' and t.attempts = p_attempt and t.provider_job_id = private.handle_ref(p_handle) into v
      from public.tool_jobs t where t.id = p_job_id;
  end if;
  return coalesce(v, false);
end
$$;

-- The status of one job of a kind.
create or replace function private.job_status(p_kind text, p_job_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select case p_kind
    when 'image' then (select i.status from public.images i where i.id = p_job_id)
    when 'video' then (select p.video_status from public.projects p where p.id = p_job_id)
    else (select t.status from public.tool_jobs t where t.id = p_job_id) end
$$;

-- The job JSON of one job of a kind.
create or replace function private.job_json(p_kind text, p_job_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select case p_kind
    when 'image' then private.image_jobs_json(array[p_job_id]) -> 0
    when 'video' then private.video_jobs_json(array[p_job_id]) -> 0
    else private.tool_jobs_json(array[p_job_id]) -> 0 end
$$;

-- Due polls: locked for poll_lease_seconds (a poll that dies is picked up again then).
-- Waits whose job moved on (finished, or taken again after its lease ran out) are dropped.
create or replace function private.claim_polls(p_max integer, p_lease_seconds integer, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  w record;
  v_out jsonb := '[]'::jsonb;
begin
  for w in
    select * from private.provider_waits
    where next_poll_at <= p_now and (handling_until is null or handling_until <= p_now)
    order by next_poll_at
    limit greatest(p_max, 0)
    for update skip locked
  loop
    if not private.job_waits_for(w.kind, w.job_id, w.attempt, w.handle) then
      delete from private.provider_waits where kind = w.kind and job_id = w.job_id;
      continue;
    end if;
    update private.provider_waits
      set handling_until = p_now + make_interval(secs => p_lease_seconds),
          next_poll_at = p_now + make_interval(secs => p_lease_seconds)
      where kind = w.kind and job_id = w.job_id;
    v_out := v_out || jsonb_build_array(private.job_json(w.kind, w.job_id) || jsonb_build_object('provider_job_id', w.handle));
  end loop;
  return v_out;
end
$$;

-- Recording ----------------------------------------------------------------------------

-- The provider accepted the work of this attempt: its handle, a lease that covers the
-- provider's own time (deadline_seconds), and the first poll after poll_seconds. For an
-- image the reference is recorded by report_image_outcome('processing', provider_job_id).
-- Returns false when the job moved on meanwhile (another attempt, or finished).
create or replace function public.record_provider_job(
  kind text, job_id uuid, attempt integer, handle text, deadline_seconds integer, poll_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_ok boolean := false;
  v_lease timestamptz := v_now + make_interval(secs => deadline_seconds);
begin
  if kind = 'image' then
    perform 1 from public.images i where i.id = job_id and i.status = 'processing' and i.attempts = attempt for update;
    if found then
      perform public.report_image_outcome(job_id, 'processing', provider_job_id => private.handle_ref(handle));
      update public.images i set lease_expires_at = v_lease where i.id = job_id;
      v_ok := true;
    end if;
  elsif kind = 'video' then
    update public.projects p set video_provider_job_id = private.handle_ref(handle), video_lease_expires_at = v_lease
      where p.id = job_id and p.video_status = 'processing' and p.video_attempts = attempt;
    v_ok := found;
  elsif kind = 'tool' then
    update public.tool_jobs t set provider_job_id = private.handle_ref(handle), lease_expires_at = v_lease
      where t.id = job_id and t.status = 'processing' and t.attempts = attempt;
    v_ok := found;
  else
    perform private.fail('Unknown job kind', 'invalid_kind');
  end if;
  if v_ok then
    insert into private.provider_waits (kind, job_id, attempt, handle, next_poll_at)
    values (record_provider_job.kind, record_provider_job.job_id, record_provider_job.attempt, record_provider_job.handle,
            v_now + make_interval(secs => poll_seconds))
    on conflict on constraint provider_waits_pkey do update
      set attempt = excluded.attempt, handle = excluded.handle, next_poll_at = excluded.next_poll_at, handling_until = null;
  end if;
  return v_ok;
end
$$;

-- A signed callback for (kind, job, attempt) arrived. Answers
--   {result: 'unknown'}   no such job
--   {result: 'stale'}     the job is finished, or waits for other work (another attempt or
--                         stage): a replayed or late callback
--   {result: 'busy'}      a poll is handling the job right now (it reads the same outcome)
--   {result: 'early'}     the attempt is still being submitted (its handle is not recorded yet)
--   {result: 'ok', job}   the job, now held for lease_seconds by the caller
create or replace function public.begin_provider_callback(kind text, job_id uuid, attempt integer, lease_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_job jsonb := private.job_json(kind, job_id);
  w private.provider_waits;
begin
  if kind not in ('image', 'video', 'tool') or v_job is null then
    return jsonb_build_object('result', 'unknown');
  end if;
  select * into w from private.provider_waits pw where pw.kind = begin_provider_callback.kind and pw.job_id = begin_provider_callback.job_id
    for update;
  if not found and (v_job ->> 'attempt')::integer = attempt and v_job ->> 'provider_job_id' is null
     and private.job_status(kind, job_id) = 'processing' then
    -- the provider answered before its handle was recorded: ask again in a moment
    return jsonb_build_object('result', 'early');
  end if;
  if not found or w.attempt <> attempt or not private.job_waits_for(kind, job_id, w.attempt, w.handle) then
    return jsonb_build_object('result', 'stale');
  end if;
  if w.handling_until is not null and w.handling_until > v_now then
    return jsonb_build_object('result', 'busy');
  end if;
  update private.provider_waits pw set handling_until = v_now + make_interval(secs => lease_seconds)
    where pw.kind = w.kind and pw.job_id = w.job_id;
  return jsonb_build_object('result', 'ok', 'job', v_job || jsonb_build_object('provider_job_id', w.handle));
end
$$;

-- The work is still running: poll again after poll_seconds; a new handle (the next stage)
-- replaces the old one, and the lease is renewed for the new stage's deadline.
create or replace function public.record_provider_progress(
  kind text, job_id uuid, attempt integer, handle text, new_handle text default null,
  poll_seconds integer default 30, deadline_seconds integer default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
begin
  if not private.job_waits_for(kind, job_id, attempt, handle) then
    return false;
  end if;
  if new_handle is not null and new_handle <> handle then
    return public.record_provider_job(kind, job_id, attempt, new_handle,
                                      coalesce(deadline_seconds, 600), poll_seconds);
  end if;
  update private.provider_waits pw set next_poll_at = v_now + make_interval(secs => poll_seconds), handling_until = null
    where pw.kind = record_provider_progress.kind and pw.job_id = record_provider_progress.job_id;
  return true;
end
$$;

-- A transient provider error in this attempt: after max_attempts the job fails (and is
-- refunded); otherwise it is tried again after delay_seconds. Answers 'retrying', 'failed'
-- or 'stale' (the job moved on meanwhile: nothing changed).
create or replace function public.retry_engine_job(
  kind text, job_id uuid, attempt integer, error text, delay_seconds integer, max_attempts integer default 3)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_next timestamptz := v_now + make_interval(secs => greatest(delay_seconds, 0));
  v_attempts integer;
begin
  if kind = 'image' then
    -- lock order: project, then image
    perform 1 from public.projects p where p.id = (select i.project_id from public.images i where i.id = job_id) for update;
    select i.attempts into v_attempts from public.images i
      where i.id = job_id and i.status = 'processing' and i.attempts = attempt for update;
    if not found then
      return 'stale';
    end if;
    delete from private.provider_waits w where w.kind = 'image' and w.job_id = retry_engine_job.job_id;
    if v_attempts >= max_attempts then
      perform public.report_image_outcome(job_id, 'failed', error => error);
      return 'failed';
    end if;
    update public.images i set provider_job_id = null, error = retry_engine_job.error,
      next_attempt_at = v_next, lease_expires_at = v_next
    where i.id = job_id;
    return 'retrying';
  elsif kind = 'video' then
    select p.video_attempts into v_attempts from public.projects p
      where p.id = job_id and p.video_status = 'processing' and p.video_attempts = attempt for update;
    if not found then
      return 'stale';
    end if;
    delete from private.provider_waits w where w.kind = 'video' and w.job_id = retry_engine_job.job_id;
    if v_attempts >= max_attempts then
      perform public.report_video_outcome(job_id, 'failed', null, null, error);
      return 'failed';
    end if;
    update public.projects p set video_provider_job_id = null, video_error = retry_engine_job.error,
      video_next_attempt_at = v_next, video_lease_expires_at = v_next
    where p.id = job_id;
    return 'retrying';
  elsif kind = 'tool' then
    select t.attempts into v_attempts from public.tool_jobs t
      where t.id = job_id and t.status = 'processing' and t.attempts = attempt for update;
    if not found then
      return 'stale';
    end if;
    delete from private.provider_waits w where w.kind = 'tool' and w.job_id = retry_engine_job.job_id;
    if v_attempts >= max_attempts then
      update public.tool_jobs t set status = 'failed', error = retry_engine_job.error where t.id = job_id;
      return 'failed';
    end if;
    update public.tool_jobs t set provider_job_id = null, error = retry_engine_job.error,
      next_attempt_at = v_next, lease_expires_at = v_next
    where t.id = job_id;
    return 'retrying';
  end if;
  perform private.fail('Unknown job kind', 'invalid_kind');
  return null;
end
$$;

-- The job's outcome: 'completed' (result_path: the object in bucket generated / videos /
-- tool-images; watermarked_path for images of watermarked plans), 'failed' or 'rejected'
-- (refunded once). A failure reported by an attempt that is no longer the job's current one
-- changes nothing; a completion is accepted from any attempt (the result is as good).
-- Returns {changed, status}.
create or replace function public.finish_engine_job(
  kind text, job_id uuid, attempt integer, status text, result_path text default null,
  watermarked_path text default null, result_url text default null, error text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_changed boolean := false;
  v_status text;
  v_current integer;
begin
  if status not in ('completed', 'failed', 'rejected') then
    perform private.fail('Unknown job status', 'invalid_status');
  end if;
  if kind = 'image' then
    select i.attempts into v_current from public.images i where i.id = job_id;
    if status <> 'completed' and v_current is distinct from attempt then
      return jsonb_build_object('changed', false, 'status', (select i.status from public.images i where i.id = job_id));
    end if;
    v_result := public.report_image_outcome(job_id, status, generated_path => result_path,
      watermarked_path => finish_engine_job.watermarked_path, generated_url => result_url, error => finish_engine_job.error);
    v_changed := (v_result ->> 'changed')::boolean;
    v_status := v_result -> 'image' ->> 'status';
  elsif kind = 'video' then
    select p.video_attempts, p.video_status into v_current, v_status from public.projects p where p.id = job_id for update;
    if not found then
      perform private.fail('Project not found', 'project_not_found');
    end if;
    if v_status in ('pending', 'processing') and (status = 'completed' or v_current = attempt) then
      perform public.report_video_outcome(job_id, case when status = 'rejected' then 'failed' else status end,
        result_path, result_url, case when status = 'completed' then null else error end);
      v_changed := true;
      v_status := case when status = 'rejected' then 'failed' else status end;
    end if;
  elsif kind = 'tool' then
    update public.tool_jobs t set status = case when finish_engine_job.status = 'rejected' then 'failed' else finish_engine_job.status end,
      result_path = coalesce(finish_engine_job.result_path, t.result_path),
      error = case when finish_engine_job.status = 'completed' then null else finish_engine_job.error end
    where t.id = job_id and t.status in ('pending', 'processing')
      and (finish_engine_job.status = 'completed' or t.attempts = attempt)
    returning t.status into v_status;
    v_changed := found;
    if not v_changed then
      select t.status into v_status from public.tool_jobs t where t.id = job_id;
    end if;
  else
    perform private.fail('Unknown job kind', 'invalid_kind');
  end if;
  if v_changed then
    delete from private.provider_waits w where w.kind = finish_engine_job.kind and w.job_id = finish_engine_job.job_id;
  end if;
  return jsonb_build_object('changed', v_changed, 'status', v_status);
end
$$;

-- Is there work for a dispatch run? (The local stack asks before calling the function.)
create or replace function private.dispatch_due(p_now timestamptz default null) returns boolean
language sql stable
set search_path = ''
as $$
  with t as (select coalesce(p_now, private.app_now()) as now)
  select exists (select 1 from public.images i join public.projects p on p.id = i.project_id cross join t
                 where p.status = 'processing'
                   and (i.status = 'pending' or (i.status = 'processing' and i.lease_expires_at < t.now)))
      or exists (select 1 from public.projects p, t
                 where p.video_status = 'pending' or (p.video_status = 'processing' and p.video_lease_expires_at < t.now))
      or exists (select 1 from public.tool_jobs j, t
                 where j.status = 'pending' or (j.status = 'processing' and j.lease_expires_at < t.now))
      or exists (select 1 from private.provider_waits w, t
                 where w.next_poll_at <= t.now and (w.handling_until is null or w.handling_until <= t.now))
$$;

revoke all on function private.tg_projects_video_request(), private.tg_tool_jobs_status(), private.handle_ref(text), private.image_jobs_json(uuid[]),
  private.video_jobs_json(uuid[]), private.tool_jobs_json(uuid[]),
  private.job_waits_for(text, uuid, integer, text), private.job_json(text, uuid), private.job_status(text, uuid),
  private.claim_polls(integer, integer, timestamptz), private.dispatch_due(timestamptz) from public;
revoke all on function
  public.claim_dispatch_work(text, integer, integer, integer, integer, integer),
  public.record_provider_job(text, uuid, integer, text, integer, integer),
  public.begin_provider_callback(text, uuid, integer, integer),
  public.record_provider_progress(text, uuid, integer, text, text, integer, integer),
  public.retry_engine_job(text, uuid, integer, text, integer, integer),
  public.finish_engine_job(text, uuid, integer, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function
  public.claim_dispatch_work(text, integer, integer, integer, integer, integer),
  public.record_provider_job(text, uuid, integer, text, integer, integer),
  public.begin_provider_callback(text, uuid, integer, integer),
  public.record_provider_progress(text, uuid, integer, text, text, integer, integer),
  public.retry_engine_job(text, uuid, integer, text, integer, integer),
  public.finish_engine_job(text, uuid, integer, text, text, text, text, text)
  to service_role;
