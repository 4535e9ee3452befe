-- The free plan only ever gets watermarked results (spec 1 §8, spec 2 §6): a seller who moves
-- from a paid plan to free (a cancellation or a downgrade taking effect at the renewal, a
-- subscription Stripe ended) keeps their old projects, but those images were made without a
-- watermarked copy and the storage policies now refuse them the clean ones — so they showed
-- nothing. Now every such image gets its watermarked copy, made by the generation engine.
--
--   private.watermark_backfill   the queue: one row per image that needs a copy
--   queued by                    a subscription whose plan becomes a watermarked one (every
--                                completed image of the seller without a copy), and an image
--                                completed without a copy while its owner is on such a plan
--                                (work claimed before the switch and finished after it)
--   public.claim_watermark_work  the dispatch function claims due rows with a lease (SKIP
--                                LOCKED), like claim_dispatch_work; a run that leaves more due
--                                work asks for another run (pg_net on hosted Supabase)
--   public.finish_watermark_work the copy is stored (watermarked/<the generated image's name>):
--                                images.watermarked_path is set (and generated_url points at
--                                the copy while the plan is watermarked) — the seller's screens
--                                follow live; a failure is retried after a backoff, then the row
--                                is marked failed (a later switch to free queues it again)
-- The copy is drawn by the same code as a new free-plan result (_shared/engine/watermark.ts).
-- Nothing here charges or refunds anything.

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
create index if not exists watermark_backfill_due_idx on private.watermark_backfill (next_attempt_at)
  where failed_at is null;

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
drop trigger if exists watermark_copies on public.subscriptions;
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
drop trigger if exists watermark_copy on public.images;
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

-- Is there work for a dispatch run? As in 20261122005000, and due watermark copies.
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

revoke all on table private.watermark_backfill from public;
revoke all on function private.queue_watermark_copies(uuid, uuid), private.tg_subscriptions_watermark_copies(),
  private.tg_images_watermark_copy(), private.dispatch_due(timestamptz) from public;
revoke all on function public.claim_watermark_work(text, integer, integer, integer),
  public.finish_watermark_work(uuid, integer, text, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_watermark_work(text, integer, integer, integer),
  public.finish_watermark_work(uuid, integer, text, text, text, integer, integer)
  to service_role;

-- Sellers already on the free plan with images made on a paid plan before this migration.
do $$
declare
  r record;
begin
  for r in
    select distinct i.user_id from public.images i
    join public.subscriptions s on s.user_id = i.user_id
    join public.plans p on p.id = s.plan
    where p.watermark and i.status = 'completed' and i.generated_path is not null and i.watermarked_path is null
  loop
    perform private.queue_watermark_copies(r.user_id);
  end loop;
end
$$;
