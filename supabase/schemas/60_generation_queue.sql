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

create table if not exists private.watermark_backfill (
  image_id uuid primary key references public.images (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempts integer not null default 0,
  lease_expires_at timestamptz,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);

-- A callback that arrived while nobody could act on it: before its attempt's handle was
-- recorded (the provider answered before dispatch recorded the handle: 'early'), or while a
-- poll or another callback held the job ('busy'). One per job, the newest kept. Whoever next
-- holds the job takes it and acts on it: the step that records the handle
-- (record_provider_job), the holder letting go (record_provider_progress), or the next poll
-- (claim_polls). No request waits for another.
create table if not exists private.pending_callbacks (
  kind text not null check (kind in ('image', 'video', 'tool')),
  job_id uuid not null,
  attempt integer not null,
  body jsonb,
  received_at timestamptz not null default now(),
  primary key (kind, job_id)
);

create index if not exists provider_waits_due_idx on private.provider_waits (next_poll_at);

create index if not exists watermark_backfill_due_idx on private.watermark_backfill (next_attempt_at)
  where failed_at is null;

-- Fails (and so refunds) images whose last allowed attempt ran out of lease before
-- p_cutoff. Locks each project before its image, like every outcome does.
create or replace function private.fail_stuck_images(p_cutoff timestamptz, p_max_attempts integer) returns integer
language plpgsql
set search_path = ''
as $$
declare
  r record;
  n integer := 0;
  v_count integer;
begin
  for r in
    select i.id, i.project_id from public.images i
    where i.status = 'processing' and i.lease_expires_at < p_cutoff and i.attempts >= p_max_attempts
  loop
    perform 1 from public.projects p where p.id = r.project_id for update;
    update public.images set status = 'failed', error = coalesce(error, 'generation timed out')
      where id = r.id and status = 'processing' and lease_expires_at < p_cutoff;
    get diagnostics v_count = row_count;
    n := n + v_count;
  end loop;
  return n;
end
$$;

-- How many images one seller may have in flight at once (setting dispatch_per_seller, 1 to
-- 100; default 4: private.setting_definitions).
-- (plpgsql, not sql: a generated migration may create it before private.setting_number)
create or replace function private.dispatch_per_seller() returns integer
language plpgsql stable
set search_path = ''
as $$
begin
  return coalesce(private.setting_number('dispatch_per_seller'), 4)::integer;
end
$$;

-- Claims up to max_jobs images to generate: pending ones, and processing ones whose lease
-- ran out (a worker died). An image that has been tried max_attempts times fails (and is
-- refunded) instead. Returns a JSON array, one object per image with what a provider needs.
-- Fair between sellers: each seller has at most private.dispatch_per_seller() images in
-- flight (processing with a live lease, counting those just claimed), and a claim takes every
-- seller's oldest image before anyone's second (round-robin, then oldest first), so a 50-photo
-- batch cannot hold back another seller's single generation.
create or replace function public.claim_generation_jobs(
  worker text, max_jobs integer default 5, lease_seconds integer default 300, max_attempts integer default 3)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_per_seller integer := private.dispatch_per_seller();
  v_ids uuid[];
begin
  -- give up on images that keep failing to finish
  perform private.fail_stuck_images(v_now, max_attempts);

  with due as (
    select i.id, i.user_id, i.created_at, i.position,
           row_number() over (partition by i.user_id order by i.created_at, i.position, i.id) as turn
    from public.images i
    join public.projects p on p.id = i.project_id and p.status = 'processing'
    where i.status = 'pending' or (i.status = 'processing' and i.lease_expires_at < v_now)),
  busy as (
    select f.user_id, count(*) as in_flight from public.images f
    where f.status = 'processing' and f.lease_expires_at >= v_now and f.user_id in (select d.user_id from due d)
    group by f.user_id),
  picked as (
    select i.id from public.images i
    join due d on d.id = i.id
    left join busy b on b.user_id = d.user_id
    where coalesce(b.in_flight, 0) + d.turn <= v_per_seller
    order by d.turn, d.created_at, d.position
    limit greatest(max_jobs, 0)
    for update of i skip locked),
  claimed as (
    update public.images i set status = 'processing', attempts = i.attempts + 1,
      lease_expires_at = v_now + make_interval(secs => lease_seconds), worker = claim_generation_jobs.worker
    from picked where i.id = picked.id
    returning i.id)
  select coalesce(array_agg(id), '{}') into v_ids from claimed;

  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'image_id', i.id, 'project_id', p.id, 'user_id', p.user_id, 'attempt', i.attempts,
      'project_type', p.type, 'project_name', p.name,
      'product_path', i.original_path, 'product_paths', to_jsonb(p.product_paths), 'original_url', i.original_url,
      'garment_types', p.metadata -> 'garmentTypes',
      'pose', jsonb_build_object('id', po.id, 'name', po.name, 'prompt', po.prompt),
      'model', case when p.custom_model is not null
                    then jsonb_build_object('id', 9999, 'custom', true, 'description', p.custom_model)
                    else jsonb_build_object('id', m.id, 'custom', false, 'name', m.name, 'gender', m.gender,
                                            'image_path', m.image_path, 'description', m.description) end,
      'background', case when p.custom_background is not null
                    then jsonb_build_object('id', 9999, 'custom', true, 'description', p.custom_background)
                    else jsonb_build_object('id', b.id, 'custom', false, 'name', b.name, 'image_path', b.image_path,
                                            'keeps_original', b.keeps_original, 'prompt', b.prompt) end,
      'background_blurred', p.background_blurred,
      'plan', s.plan, 'watermark', pl.watermark, 'resolution', pl.resolution,
      'credits_remaining', s.credits_remaining, 'email', u.email,
      'lease_expires_at', i.lease_expires_at) order by i.created_at, i.position)
    from public.images i
    join public.projects p on p.id = i.project_id
    join public.subscriptions s on s.user_id = p.user_id
    join public.plans pl on pl.id = s.plan
    join auth.users u on u.id = p.user_id
    left join public.models m on m.id = p.model_id
    left join public.backgrounds b on b.id = p.background_id
    left join public.poses po on po.id = i.pose_id and po.gender = coalesce(m.gender, 'women')
    where i.id = any (v_ids)), '[]'::jsonb);
end
$$;

-- Reports an image's outcome (service role): 'processing', 'completed' (with the result's
-- object names in buckets 'generated' and 'watermarked'), 'failed' or 'rejected'. A repeated
-- or late report of an image that has already finished changes nothing. Returns
-- {image: {...}, project_status, changed}.
create or replace function public.report_image_outcome(
  image_id uuid, status text, generated_path text default null, watermarked_path text default null,
  generated_url text default null, error text default null, provider_job_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  i public.images;
  v_changed boolean := false;
begin
  if status not in ('processing', 'completed', 'failed', 'rejected') then
    perform private.fail('Unknown image status', 'invalid_status');
  end if;
  -- lock order: project, then image (as a rejected project rejecting its images does)
  perform 1 from public.projects p
    where p.id = (select x.project_id from public.images x where x.id = report_image_outcome.image_id)
    for update;
  select * into i from public.images where id = report_image_outcome.image_id for update;
  if not found then
    perform private.fail('Image not found', 'image_not_found');
  end if;
  if status = 'completed' and report_image_outcome.generated_path is null then
    perform private.fail('A completed image needs its generated_path', 'generated_path_required');
  end if;
  if i.status in ('failed', 'rejected') or (i.status = 'completed' and status <> 'rejected')
     or (i.status = status and status <> 'processing') then
    null; -- already finished (or same report twice): nothing to do
  else
    update public.images set
      status = report_image_outcome.status,
      generated_path = coalesce(report_image_outcome.generated_path, images.generated_path),
      watermarked_path = coalesce(report_image_outcome.watermarked_path, images.watermarked_path),
      generated_url = coalesce(report_image_outcome.generated_url, images.generated_url),
      error = coalesce(report_image_outcome.error, images.error),
      provider_job_id = coalesce(report_image_outcome.provider_job_id, images.provider_job_id),
      lease_expires_at = case when report_image_outcome.status = 'processing' then images.lease_expires_at end
    where id = i.id
    returning * into i;
    v_changed := true;
  end if;
  return jsonb_build_object('image', to_jsonb(i), 'changed', v_changed,
    'project_status', (select p.status from public.projects p where p.id = i.project_id));
end
$$;

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
        -- the garment type the seller chose for this image's product photo (flat-lay)
        'garment_type', p.metadata -> 'garmentTypes' ->> (array_position(p.product_paths, i.original_path) - 1),
        'pose', jsonb_build_object('id', po.id, 'name', po.name, 'prompt', po.prompt),
        'model', case when p.custom_model is not null
          -- a custom model has no photo: providers are given the seller's description
          then jsonb_build_object('id', 9999, 'custom', true, 'description', p.custom_model,
                 'gender', coalesce(p.metadata ->> 'gender', 'women'))
          -- a saved model: its picture in this pose, an object of bucket 'seller-models'
          when sm.id is not null
          then jsonb_build_object('id', 0, 'custom', false, 'saved_model_id', sm.id, 'name', sm.name,
                 'slug', 'saved-' || sm.id, 'gender', sm.gender, 'description', '',
                 'pose_image_path', case i.pose_id when 2 then sm.back_path when 3 then sm.side_path else sm.front_path end)
          else jsonb_build_object('id', m.id, 'custom', false, 'name', m.name, 'slug', m.slug, 'gender', m.gender,
                 'description', m.description, 'pose_image_path', coalesce(mm.path, m.image_path)) end,
        'background', case when p.custom_background is not null
          then jsonb_build_object('id', 9999, 'custom', true, 'description', p.custom_background)
          else jsonb_build_object('id', b.id, 'custom', false, 'name', b.name, 'image_path', b.image_path,
                 'blurred_image_path', b.blurred_image_path, 'keeps_original', b.keeps_original, 'prompt', b.prompt) end,
        'background_blurred', p.background_blurred,
        'plan', s.plan, 'watermark', pl.watermark, 'resolution', coalesce(i.resolution, pl.resolution),
        'credits_remaining', s.credits_remaining, 'email', u.email,
        'provider_job_id', i.provider_job_id) order by i.created_at, i.position), '[]'::jsonb)
    from public.images i
    join public.projects p on p.id = i.project_id
    join public.subscriptions s on s.user_id = p.user_id
    join public.plans pl on pl.id = s.plan
    join auth.users u on u.id = p.user_id
    left join public.models m on m.id = p.model_id
    left join public.model_media mm on mm.model_id = m.id and mm.position = i.pose_id and mm.kind = 'image'
    left join public.seller_models sm on sm.id = p.seller_model_id
    left join public.backgrounds b on b.id = p.background_id
    left join public.poses po on po.id = i.pose_id and po.gender = coalesce(m.gender, p.metadata ->> 'gender', 'women')
    where i.id = any (p_ids));
end
$$;

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
    delete from private.pending_callbacks c where c.kind = 'image' and c.job_id = any (v_image_ids);
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
  delete from private.pending_callbacks c where c.kind = 'video' and c.job_id = any (v_video_ids);

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
  delete from private.pending_callbacks c where c.kind = 'tool' and c.job_id = any (v_tool_ids);

  -- callbacks of attempts that never recorded a handle (their worker died) are of no use
  delete from private.pending_callbacks c where c.received_at < v_now - interval '1 day';

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
-- A callback kept for the job (private.pending_callbacks: it came while the job was held by a
-- holder that died) goes with it as `callback: {body}`, for the poll to act on instead of
-- asking the provider.
create or replace function private.claim_polls(p_max integer, p_lease_seconds integer, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  w record;
  v_out jsonb := '[]'::jsonb;
  v_callback jsonb;
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
      delete from private.pending_callbacks c where c.kind = w.kind and c.job_id = w.job_id;
      continue;
    end if;
    update private.provider_waits
      set handling_until = p_now + make_interval(secs => p_lease_seconds),
          next_poll_at = p_now + make_interval(secs => p_lease_seconds)
      where kind = w.kind and job_id = w.job_id;
    v_callback := private.take_pending_callback(w.kind, w.job_id, w.attempt);
    v_out := v_out || jsonb_build_array(private.job_json(w.kind, w.job_id)
      || jsonb_build_object('provider_job_id', w.handle)
      || case when v_callback is null then '{}'::jsonb else jsonb_build_object('callback', v_callback) end);
  end loop;
  return v_out;
end
$$;

-- Locks the row of one job (images, projects for a video, tool_jobs): the steps that record a
-- handle, begin a callback or let go of a job take it first, so a callback either sees the
-- recorded handle or is kept for the step that records it.
create or replace function private.lock_job(p_kind text, p_job_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_kind = 'image' then
    perform 1 from public.images i where i.id = p_job_id for update;
  elsif p_kind = 'video' then
    perform 1 from public.projects p where p.id = p_job_id for update;
  elsif p_kind = 'tool' then
    perform 1 from public.tool_jobs t where t.id = p_job_id for update;
  end if;
end
$$;

-- Takes the callback kept for this attempt of a job: {body} (the body as posted), or null.
create or replace function private.take_pending_callback(p_kind text, p_job_id uuid, p_attempt integer) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_body jsonb;
begin
  delete from private.pending_callbacks c
    where c.kind = p_kind and c.job_id = p_job_id and c.attempt = p_attempt
    returning c.body into v_body;
  if not found then
    return null;
  end if;
  return jsonb_build_object('body', v_body);
end
$$;

-- The provider accepted the work of this attempt: its handle, a lease that covers the
-- provider's own time (deadline_seconds), and the first poll after poll_seconds. For an
-- image the reference is recorded by report_image_outcome('processing', provider_job_id).
-- Answers {recorded: false} when the job moved on meanwhile (another attempt, or finished);
-- {recorded: true} otherwise, with `callback: {body}` when the provider's callback came
-- before the handle was recorded: the caller then holds the job for hold_seconds and acts on it.
create or replace function public.record_provider_job(
  kind text, job_id uuid, attempt integer, handle text, deadline_seconds integer, poll_seconds integer,
  hold_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_ok boolean := false;
  v_lease timestamptz := v_now + make_interval(secs => deadline_seconds);
  v_callback jsonb;
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
  if not v_ok then
    return jsonb_build_object('recorded', false);
  end if;
  v_callback := private.take_pending_callback(kind, job_id, attempt);
  insert into private.provider_waits (kind, job_id, attempt, handle, next_poll_at, handling_until)
  values (record_provider_job.kind, record_provider_job.job_id, record_provider_job.attempt, record_provider_job.handle,
          v_now + make_interval(secs => poll_seconds),
          case when v_callback is null then null else v_now + make_interval(secs => hold_seconds) end)
  on conflict on constraint provider_waits_pkey do update
    set attempt = excluded.attempt, handle = excluded.handle, next_poll_at = excluded.next_poll_at,
        handling_until = excluded.handling_until;
  if v_callback is null then
    return jsonb_build_object('recorded', true);
  end if;
  return jsonb_build_object('recorded', true, 'callback', v_callback);
end
$$;

-- A signed callback for (kind, job, attempt) arrived with `body`. Answers
--   {result: 'unknown'}   no such job
--   {result: 'stale'}     the job is finished, or waits for other work (another attempt): a
--                         replayed or late callback
--   {result: 'stored', reason}  nobody can act on it now, so it is kept (pending_callbacks) for
--                         whoever holds the job next: 'early' (the attempt's handle is not
--                         recorded yet: record_provider_job takes it) or 'busy' (a poll or
--                         another callback holds the job: record_provider_progress, or the next
--                         poll after its lease, takes it)
--   {result: 'ok', job}   the job, now held for lease_seconds by the caller
create or replace function public.begin_provider_callback(
  kind text, job_id uuid, attempt integer, body jsonb default null, lease_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_job jsonb;
  v_reason text;
  w private.provider_waits;
begin
  if kind not in ('image', 'video', 'tool') then
    return jsonb_build_object('result', 'unknown');
  end if;
  -- taken before anything is read: record_provider_job holds it while it records the handle
  perform private.lock_job(kind, job_id);
  v_job := private.job_json(kind, job_id);
  if v_job is null then
    return jsonb_build_object('result', 'unknown');
  end if;
  select * into w from private.provider_waits pw where pw.kind = begin_provider_callback.kind and pw.job_id = begin_provider_callback.job_id
    for update;
  if not found and (v_job ->> 'attempt')::integer = attempt and v_job ->> 'provider_job_id' is null
     and private.job_status(kind, job_id) = 'processing' then
    v_reason := 'early';
  elsif not found or w.attempt <> attempt or not private.job_waits_for(kind, job_id, w.attempt, w.handle) then
    return jsonb_build_object('result', 'stale');
  elsif w.handling_until is not null and w.handling_until > v_now then
    v_reason := 'busy';
  end if;
  if v_reason is not null then
    insert into private.pending_callbacks (kind, job_id, attempt, body, received_at)
    values (begin_provider_callback.kind, begin_provider_callback.job_id, begin_provider_callback.attempt,
            begin_provider_callback.body, v_now)
    on conflict on constraint pending_callbacks_pkey do update
      set attempt = excluded.attempt, body = excluded.body, received_at = excluded.received_at;
    return jsonb_build_object('result', 'stored', 'reason', v_reason);
  end if;
  update private.provider_waits pw set handling_until = v_now + make_interval(secs => lease_seconds)
    where pw.kind = w.kind and pw.job_id = w.job_id;
  return jsonb_build_object('result', 'ok', 'job', v_job || jsonb_build_object('provider_job_id', w.handle));
end
$$;

-- The holder of a job (a poll or a callback) found the work still running: poll again after
-- poll_seconds and let go of the job. Answers {recorded: false} when the job no longer waits
-- for this handle; {recorded: true} otherwise, with `callback: {body}` when a callback came
-- while the job was held: the job then stays held (hold_seconds) and the caller acts on it.
create or replace function public.record_provider_progress(
  kind text, job_id uuid, attempt integer, handle text, poll_seconds integer default 30,
  hold_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_callback jsonb;
begin
  -- the lock begin_provider_callback takes: a callback either sees the job let go or is kept
  perform private.lock_job(kind, job_id);
  if not private.job_waits_for(kind, job_id, attempt, handle) then
    return jsonb_build_object('recorded', false);
  end if;
  v_callback := private.take_pending_callback(kind, job_id, attempt);
  if v_callback is not null then
    update private.provider_waits pw set handling_until = v_now + make_interval(secs => hold_seconds)
      where pw.kind = record_provider_progress.kind and pw.job_id = record_provider_progress.job_id;
    return jsonb_build_object('recorded', true, 'callback', v_callback);
  end if;
  update private.provider_waits pw set next_poll_at = v_now + make_interval(secs => poll_seconds), handling_until = null
    where pw.kind = record_provider_progress.kind and pw.job_id = record_provider_progress.job_id;
  return jsonb_build_object('recorded', true);
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
    delete from private.pending_callbacks c where c.kind = 'image' and c.job_id = retry_engine_job.job_id;
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
    delete from private.pending_callbacks c where c.kind = 'video' and c.job_id = retry_engine_job.job_id;
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
    delete from private.pending_callbacks c where c.kind = 'tool' and c.job_id = retry_engine_job.job_id;
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
  watermarked_path text default null, result_url text default null, error text default null,
  width integer default null, height integer default null)
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
    if status = 'completed' and finish_engine_job.width > 0 and finish_engine_job.height > 0 then
      -- the stored result's real pixel size (the seller's screens state it)
      update public.images i set width = finish_engine_job.width, height = finish_engine_job.height
      where i.id = job_id and i.status in ('pending', 'processing');
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
    delete from private.pending_callbacks c where c.kind = finish_engine_job.kind and c.job_id = finish_engine_job.job_id;
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
      or exists (select 1 from private.watermark_backfill b, t
                 where b.failed_at is null and b.next_attempt_at <= t.now
                   and (b.lease_expires_at is null or b.lease_expires_at <= t.now))
$$;

-- POSTs {reason} to /functions/v1/dispatch with the service role key (pg_net sends it after
-- the transaction commits and never blocks it). Returns pg_net's request id, or null when
-- pg_net, Vault or the secrets are missing.
create or replace function private.invoke_dispatch(p_reason text default 'schedule') returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.invoke_edge_function('dispatch', jsonb_build_object('reason', p_reason), 10000);
end
$$;

-- New work wakes the dispatcher at once (hosted; locally NOTIFY does it).
create or replace function private.tg_kick_dispatch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.invoke_dispatch(tg_argv[0]);
  return null;
end
$$;

create trigger kick_dispatch after insert on public.images
  for each statement execute function private.tg_kick_dispatch('images');

create trigger kick_dispatch after insert on public.tool_jobs
  for each statement execute function private.tg_kick_dispatch('tool_jobs');

create trigger kick_dispatch_video after update of video_status on public.projects
  for each row when (new.video_status = 'pending' and old.video_status is distinct from 'pending')
  execute function private.tg_kick_dispatch('video');

-- A finished image frees one of its seller's places in flight (dispatch_per_seller): when that
-- seller has images waiting, the dispatcher is woken at once rather than at its next tick.
create or replace function private.tg_images_freed_place() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.images i join public.projects p on p.id = i.project_id and p.status = 'processing'
             where i.user_id = new.user_id and i.status = 'pending') then
    perform pg_notify('generation_jobs', 'freed:' || new.user_id::text);
    perform private.invoke_dispatch('images');
  end if;
  return null;
end
$$;

create trigger freed_place after update of status on public.images
  for each row when (old.status = 'processing' and new.status in ('completed', 'failed', 'rejected'))
  execute function private.tg_images_freed_place();

-- Queues the seller's completed images that have no watermarked copy (one image, or all).
-- Wakes the dispatcher. Returns how many were queued.
create or replace function private.queue_watermark_copies(p_user_id uuid, p_image_id uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  insert into private.watermark_backfill (image_id, user_id)
  select i.id, i.user_id from public.images i
  where i.user_id = p_user_id and (p_image_id is null or i.id = p_image_id)
    and i.status = 'completed' and i.generated_path is not null and i.watermarked_path is null
  on conflict (image_id) do update
    set failed_at = null, attempts = 0, next_attempt_at = private.app_now(), last_error = null, lease_expires_at = null
    where watermark_backfill.failed_at is not null;
  get diagnostics n = row_count;
  if n > 0 then
    -- the local stack's dispatcher listens here; hosted Supabase gets the call through pg_net
    perform pg_notify('generation_jobs', 'watermarks');
    perform private.invoke_dispatch('watermarks');
  end if;
  return n;
end
$$;

-- A plan without a watermark becomes one with a watermark (paid → free).
create or replace function private.tg_subscriptions_watermark_copies() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce((select p.watermark from public.plans p where p.id = new.plan), false)
     and not coalesce((select p.watermark from public.plans p where p.id = old.plan), false) then
    perform private.queue_watermark_copies(new.user_id);
  end if;
  return null;
end
$$;

create trigger watermark_copies after update of plan on public.subscriptions
  for each row when (old.plan is distinct from new.plan)
  execute function private.tg_subscriptions_watermark_copies();

-- An image completed without a copy while its owner's plan has a watermark.
create or replace function private.tg_images_watermark_copy() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.subscriptions s join public.plans p on p.id = s.plan
             where s.user_id = new.user_id and p.watermark) then
    perform private.queue_watermark_copies(new.user_id, new.id);
  end if;
  return null;
end
$$;

create trigger watermark_copy after update of status on public.images
  for each row when (new.status = 'completed' and old.status is distinct from 'completed'
                     and new.generated_path is not null and new.watermarked_path is null)
  execute function private.tg_images_watermark_copy();

-- rpc('claim_watermark_work', {worker, max_jobs, lease_seconds, max_attempts}) (service role):
-- due copies, each held for lease_seconds → [{kind: 'watermark', image_id, user_id,
-- project_id, generated_path, attempt}]. Rows whose image has its copy by now (or is gone or
-- no longer completed) are dropped; a row whose last attempt's lease ran out is failed.
create or replace function public.claim_watermark_work(
  worker text, max_jobs integer default 8, lease_seconds integer default 120, max_attempts integer default 3)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_out jsonb;
begin
  delete from private.watermark_backfill w
  using public.images i
  where i.id = w.image_id and (i.watermarked_path is not null or i.generated_path is null or i.status <> 'completed');
  update private.watermark_backfill w set failed_at = v_now, last_error = coalesce(w.last_error, 'timed out')
  where w.failed_at is null and w.attempts >= max_attempts and w.lease_expires_at < v_now;

  with picked as (
    select w.image_id from private.watermark_backfill w
    where w.failed_at is null and w.attempts < max_attempts and w.next_attempt_at <= v_now
      and (w.lease_expires_at is null or w.lease_expires_at <= v_now)
    order by w.created_at
    limit greatest(max_jobs, 0)
    for update skip locked),
  claimed as (
    update private.watermark_backfill w set attempts = w.attempts + 1,
      lease_expires_at = v_now + make_interval(secs => lease_seconds),
      next_attempt_at = v_now + make_interval(secs => lease_seconds)
    from picked where w.image_id = picked.image_id
    returning w.image_id, w.attempts)
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', 'watermark', 'image_id', i.id, 'user_id', i.user_id, 'project_id', i.project_id,
      'generated_path', i.generated_path, 'attempt', c.attempts) order by i.created_at), '[]'::jsonb)
    into v_out
  from claimed c join public.images i on i.id = c.image_id;

  -- more is due than one run takes: ask for another run at once (hosted; locally the
  -- dispatcher's loop and timer do)
  if jsonb_array_length(v_out) >= max_jobs and exists (
      select 1 from private.watermark_backfill w
      where w.failed_at is null and w.attempts < max_attempts and w.next_attempt_at <= v_now
        and (w.lease_expires_at is null or w.lease_expires_at <= v_now)) then
    perform private.invoke_dispatch('watermarks');
  end if;
  return v_out;
end
$$;

-- rpc('finish_watermark_work', {image_id, attempt, watermarked_path, watermarked_url, error,
-- retry_seconds, max_attempts}) (service role): the copy was stored (watermarked_path), or this
-- attempt failed (error: retried after retry_seconds, failed after max_attempts). Answers
-- 'completed', 'retrying', 'failed' or 'stale' (the row is not this attempt's any more).
create or replace function public.finish_watermark_work(
  image_id uuid, attempt integer, watermarked_path text default null, watermarked_url text default null,
  error text default null, retry_seconds integer default 60, max_attempts integer default 3)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  w private.watermark_backfill;
  v_now timestamptz := private.app_now();
begin
  select * into w from private.watermark_backfill b where b.image_id = finish_watermark_work.image_id for update;
  if not found or w.attempts <> attempt or w.failed_at is not null then
    return 'stale';
  end if;
  if finish_watermark_work.watermarked_path is not null then
    update public.images i set
      watermarked_path = finish_watermark_work.watermarked_path,
      generated_url = case
        when finish_watermark_work.watermarked_url is not null and exists (
          select 1 from public.subscriptions s join public.plans p on p.id = s.plan
          where s.user_id = i.user_id and p.watermark)
        then finish_watermark_work.watermarked_url else i.generated_url end
    where i.id = w.image_id;
    delete from private.watermark_backfill b where b.image_id = w.image_id;
    return 'completed';
  end if;
  if w.attempts >= max_attempts then
    update private.watermark_backfill b set failed_at = v_now, lease_expires_at = null,
      last_error = coalesce(finish_watermark_work.error, 'failed')
    where b.image_id = w.image_id;
    return 'failed';
  end if;
  update private.watermark_backfill b set lease_expires_at = null,
    next_attempt_at = v_now + make_interval(secs => greatest(retry_seconds, 0)),
    last_error = finish_watermark_work.error
  where b.image_id = w.image_id;
  return 'retrying';
end
$$;

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.claim_polls(p_max integer, p_lease_seconds integer, p_now timestamp with time zone) from public;
revoke all on function private.dispatch_due(p_now timestamp with time zone) from public;
revoke all on function private.dispatch_per_seller() from public;
revoke all on function private.tg_images_freed_place() from public;
revoke all on function private.fail_stuck_images(p_cutoff timestamp with time zone, p_max_attempts integer) from public;
revoke all on function private.image_jobs_json(p_ids uuid[]) from public;
revoke all on function private.invoke_dispatch(p_reason text) from public;
revoke all on function private.job_json(p_kind text, p_job_id uuid) from public;
revoke all on function private.lock_job(p_kind text, p_job_id uuid) from public;
revoke all on function private.job_status(p_kind text, p_job_id uuid) from public;
revoke all on function private.job_waits_for(p_kind text, p_job_id uuid, p_attempt integer, p_handle text) from public;
revoke all on function private.take_pending_callback(p_kind text, p_job_id uuid, p_attempt integer) from public;
revoke all on function private.queue_watermark_copies(p_user_id uuid, p_image_id uuid) from public;
revoke all on function private.tg_images_watermark_copy() from public;
revoke all on function private.tg_kick_dispatch() from public;
revoke all on function private.tg_subscriptions_watermark_copies() from public;
revoke all on function public.begin_provider_callback(kind text, job_id uuid, attempt integer, body jsonb, lease_seconds integer) from anon, authenticated, public;
revoke all on function public.claim_dispatch_work(worker text, max_jobs integer, lease_seconds integer, max_attempts integer, max_polls integer, poll_lease_seconds integer) from anon, authenticated, public;
revoke all on function public.claim_generation_jobs(worker text, max_jobs integer, lease_seconds integer, max_attempts integer) from anon, authenticated, public;
revoke all on function public.claim_watermark_work(worker text, max_jobs integer, lease_seconds integer, max_attempts integer) from anon, authenticated, public;
revoke all on function public.finish_engine_job(kind text, job_id uuid, attempt integer, status text, result_path text, watermarked_path text, result_url text, error text, width integer, height integer) from anon, authenticated, public;
revoke all on function public.finish_watermark_work(image_id uuid, attempt integer, watermarked_path text, watermarked_url text, error text, retry_seconds integer, max_attempts integer) from anon, authenticated, public;
revoke all on function public.record_provider_job(kind text, job_id uuid, attempt integer, handle text, deadline_seconds integer, poll_seconds integer, hold_seconds integer) from anon, authenticated, public;
revoke all on function public.record_provider_progress(kind text, job_id uuid, attempt integer, handle text, poll_seconds integer, hold_seconds integer) from anon, authenticated, public;
revoke all on function public.report_image_outcome(image_id uuid, status text, generated_path text, watermarked_path text, generated_url text, error text, provider_job_id text) from anon, authenticated, public;
revoke all on function public.retry_engine_job(kind text, job_id uuid, attempt integer, error text, delay_seconds integer, max_attempts integer) from anon, authenticated, public;
