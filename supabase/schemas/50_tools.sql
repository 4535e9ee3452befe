-- Tool jobs: a seller's background removal (spec 2 §2, §4 "Tools flow"), started by
-- public.start_background_removal (20261122005100), charged up front (0.40 credits) and
-- refunded once when it fails. The seller reads their own rows (and sees them live).
create table if not exists public.tool_jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- 'model-creator': one view of a seller's saved model (52_seller_models), charged by the model
  tool text not null check (tool in ('background-remover', 'model-creator')),
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
  updated_at timestamptz not null default now(),
  request_id text
);
alter table public.tool_jobs enable row level security;

create index if not exists tool_jobs_user_created_idx on public.tool_jobs (user_id, created_at desc);

create index if not exists tool_jobs_queue_idx on public.tool_jobs (created_at) where status in ('pending', 'processing');

-- one job per (seller, request), even for requests that race each other
create unique index if not exists tool_jobs_request_idx on public.tool_jobs (user_id, request_id)
  where request_id is not null;

comment on column public.tool_jobs.request_id is
  'The browser''s id for the request that started the job: a retried request gets this job back instead of a new charge.';

create or replace function public.charge_tool_use(tool text, details text default null, metadata jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.credit_prices;
  l public.credit_ledger;
  v_request text := nullif(btrim(coalesce(charge_tool_use.metadata ->> 'requestId', '')), '');
  v_reference text;
begin
  select * into p from public.credit_prices where item = charge_tool_use.tool and kind = 'tool';
  if not found then
    perform private.fail('Unknown tool', 'unknown_tool');
  end if;
  if v_request is not null then
    v_reference := 'tool-request:' || md5(p.item || ':' || v_request);
    -- the subscription lock orders this request after a concurrent one with the same id
    perform private.lock_subscription(uid);
    select * into l from public.credit_ledger c
      where c.user_id = uid and c.reason = 'tool' and c.reference = v_reference;
    if found then
      return jsonb_build_object('charge_id', l.id, 'credits_used', -l.amount,
        'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = uid),
        'replayed', true);
    end if;
  end if;
  l := private.change_credits(uid, -p.credits, 'tool', v_reference, jsonb_build_object('tool', p.item));
  perform private.log_activity(uid, 'tool_used', coalesce(nullif(btrim(charge_tool_use.details), ''), p.name),
    coalesce(charge_tool_use.metadata, '{}'::jsonb) || jsonb_build_object('toolName', p.item, 'creditsUsed', p.credits, 'chargeId', l.id),
    jsonb_build_object('toolName', p.item, 'creditsUsed', p.credits));
  return jsonb_build_object('charge_id', l.id, 'credits_used', p.credits, 'credits_remaining', l.balance_after,
    'replayed', false);
end
$$;

create trigger set_updated_at before update on public.tool_jobs
  for each row execute function private.tg_set_updated_at();

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
        'input_path', t.input_path, 'email', u.email, 'provider_job_id', t.provider_job_id)
        -- a view of a saved model: the person as described, the seed and the view to make
        || case when sm.id is null then '{}'::jsonb else jsonb_build_object('seller_model', jsonb_build_object(
             'id', sm.id, 'view', j.view, 'seed', sm.seed, 'gender', sm.gender, 'age_range', sm.age_range,
             'body', sm.body, 'skin', sm.skin, 'hair', sm.hair, 'style', sm.style, 'details', sm.details)) end
        order by t.created_at), '[]'::jsonb)
    from public.tool_jobs t
    join auth.users u on u.id = t.user_id
    left join private.seller_model_jobs j on j.job_id = t.id
    left join public.seller_models sm on sm.id = j.model_id
    where t.id = any (p_ids));
end
$$;

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

create policy "own tool jobs" on public.tool_jobs for select to authenticated
  using (user_id = (select auth.uid()));

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.tg_tool_jobs_status() from public;
revoke all on function private.tool_jobs_json(p_ids uuid[]) from public;
revoke all on function public.charge_tool_use(tool text, details text, metadata jsonb) from public;
revoke all on function public.start_background_removal(input_path text, request_id text) from public;
revoke all on public.tool_jobs from anon, authenticated;
grant select on public.tool_jobs to authenticated;
