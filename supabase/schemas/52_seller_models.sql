-- A seller's own saved models (the Custom Model Creator, Advanced): a person described once
-- (gender, age range, body, skin, hair, style, free text), made by the provider in the three
-- views the poses need (front, back looking over the shoulder, side) and kept under a name.
-- A generation with a saved model sends its picture in the chosen pose as the model photo,
-- exactly as a catalogue model's, so every photo shows the same person.
--
-- Making one is charged once (credit_prices 'model-creator', kind 'tool', by request id) and
-- runs as three tool jobs (tool 'model-creator', no charge of their own): the front view first,
-- then the back and side views with the front as the face reference. All three stored → 'ready';
-- any view failing → 'failed' and the charge refunded, exactly once. The pictures are objects
-- of the private bucket 'seller-models', {userId}/{modelId}/{front|back|side}.png, readable by
-- their owner only.
create table public.seller_models (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null constraint seller_models_name_text check (char_length(btrim(name)) > 0 and char_length(name) <= 60 and name !~ '[[:cntrl:]]'),
  gender text not null check (gender in ('women', 'men')),
  age_range text not null check (age_range in ('18-25', '26-35', '36-45', '46-60', '60+')),
  body text not null check (body in ('slim', 'average', 'athletic', 'curvy', 'plus-size')),
  skin text not null check (skin in ('fair', 'light', 'medium', 'olive', 'brown', 'dark')),
  hair text not null check (hair in ('short-dark', 'long-dark', 'short-light', 'long-light', 'curly', 'red', 'grey', 'shaved')),
  style text not null check (style in ('casual', 'classic', 'sporty', 'elegant', 'streetwear')),
  -- the seller's own words: at most 300 characters of one line
  details text not null default '' constraint seller_models_details check (char_length(details) <= 300 and details !~ '[[:cntrl:]]'),
  -- the provider's seed: the same description and seed make the same person
  seed integer not null check (seed >= 0),
  status text not null default 'creating' check (status in ('creating', 'ready', 'failed')),
  -- kept by the seller after seeing the three views (listed in "My models")
  kept boolean not null default false,
  front_path text,
  back_path text,
  side_path text,
  error text,
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  refunded_at timestamptz,
  request_id text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.seller_models enable row level security;

create unique index seller_models_request_idx on public.seller_models (user_id, request_id);
create index seller_models_user_idx on public.seller_models (user_id, created_at desc);

comment on column public.seller_models.request_id is
  'The browser''s id for the request that made the model: a repeated request gets this model back instead of a new charge.';

-- Which tool job makes which view of which model.
create table private.seller_model_jobs (
  job_id uuid primary key references public.tool_jobs (id) on delete cascade,
  model_id uuid not null references public.seller_models (id) on delete cascade,
  view text not null check (view in ('front', 'back', 'side'))
);
create index seller_model_jobs_model_idx on private.seller_model_jobs (model_id);

-- A generation's saved model (start_generation checks it is the seller's own and ready).
alter table public.projects add constraint projects_seller_model_id_fkey
  foreign key (seller_model_id) references public.seller_models (id) on delete set null;

create trigger set_updated_at before update on public.seller_models
  for each row execute function private.tg_set_updated_at();

-- A model's json for the seller: the row without its bookkeeping.
create or replace function private.seller_model_json(p_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('id', m.id, 'name', m.name, 'gender', m.gender, 'age_range', m.age_range,
    'body', m.body, 'skin', m.skin, 'hair', m.hair, 'style', m.style, 'details', m.details,
    'status', m.status, 'kept', m.kept, 'front_path', m.front_path, 'back_path', m.back_path,
    'side_path', m.side_path, 'credits_charged', m.credits_charged, 'error', m.error,
    'created_at', m.created_at)
  from public.seller_models m where m.id = p_id
$$;

-- Queues one view's tool job (the dispatcher is woken on commit).
create or replace function private.queue_seller_model_view(m public.seller_models, p_view text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_job uuid;
begin
  -- input_path: the front view, the face reference of the other two (the front job writes it)
  insert into public.tool_jobs (user_id, tool, input_path)
  values (m.user_id, 'model-creator', m.user_id || '/' || m.id || '/front.png')
  returning id into v_job;
  insert into private.seller_model_jobs (job_id, model_id, view) values (v_job, m.id, p_view);
  perform pg_notify('tool_jobs', v_job::text);
  return v_job;
end
$$;

-- Makes a model (Advanced): charged once per request id, refunded once if it fails.
create or replace function public.create_seller_model(
  request_id text,
  gender text,
  age_range text,
  body text,
  skin text,
  hair text,
  style text,
  details text default null,
  name text default null,
  locale text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_request text := nullif(btrim(create_seller_model.request_id), '');
  v_name text := nullif(btrim(create_seller_model.name), '');
  v_details text := coalesce(btrim(create_seller_model.details), '');
  v_sub public.subscriptions;
  v_plan public.plans;
  v_price public.credit_prices;
  v_model public.seller_models;
  v_charge public.credit_ledger;
  v_id uuid := gen_random_uuid();
begin
  if v_request is null or length(v_request) > 200 then
    perform private.fail('Invalid request id', 'request_id_invalid');
  end if;
  -- the subscription lock orders this request after a concurrent one with the same id
  v_sub := private.lock_subscription(uid);
  select * into v_model from public.seller_models m where m.user_id = uid and m.request_id = v_request;
  if found then
    return private.seller_model_json(v_model.id) || jsonb_build_object('replayed', true);
  end if;
  select * into v_plan from public.plans p where p.id = v_sub.plan;
  if not coalesce(v_plan.custom_model, false) then
    perform private.fail('Available only in Advanced Plan', 'advanced_only');
  end if;
  if create_seller_model.gender is null or create_seller_model.gender not in ('women', 'men')
     or create_seller_model.age_range is null or create_seller_model.age_range not in ('18-25', '26-35', '36-45', '46-60', '60+')
     or create_seller_model.body is null or create_seller_model.body not in ('slim', 'average', 'athletic', 'curvy', 'plus-size')
     or create_seller_model.skin is null or create_seller_model.skin not in ('fair', 'light', 'medium', 'olive', 'brown', 'dark')
     or create_seller_model.hair is null or create_seller_model.hair not in ('short-dark', 'long-dark', 'short-light', 'long-light', 'curly', 'red', 'grey', 'shaved')
     or create_seller_model.style is null or create_seller_model.style not in ('casual', 'classic', 'sporty', 'elegant', 'streetwear') then
    perform private.fail('Please describe your model', 'model_description_required');
  end if;
  if char_length(v_details) > 300 then
    perform private.fail('The description can be at most 300 characters', 'model_details_too_long');
  end if;
  if v_details ~ '[[:cntrl:]]' or coalesce(v_name, '') ~ '[[:cntrl:]]' then
    perform private.fail('A description cannot contain line breaks or control characters', 'custom_text_invalid');
  end if;
  if v_name is not null and char_length(v_name) > 60 then
    perform private.fail('A model name can be at most 60 characters', 'model_name_too_long');
  end if;
  if v_name is null then
    v_name := case private.seller_locale(uid, create_seller_model.locale) when 'el' then 'Μοντέλο ' else 'Model ' end
              || ((select count(*) from public.seller_models m where m.user_id = uid) + 1)::text;
  end if;
  select * into v_price from public.credit_prices c where c.item = 'model-creator' and c.kind = 'tool';
  if not found then
    perform private.fail('Unknown tool', 'unknown_tool');
  end if;

  v_charge := private.change_credits(uid, -v_price.credits, 'tool', 'model:' || v_id,
                                     jsonb_build_object('tool', v_price.item, 'modelId', v_id));
  insert into public.seller_models (id, user_id, name, gender, age_range, body, skin, hair, style, details, seed,
                                    credits_charged, charge_id, request_id)
  values (v_id, uid, v_name, create_seller_model.gender, create_seller_model.age_range, create_seller_model.body,
          create_seller_model.skin, create_seller_model.hair, create_seller_model.style, v_details,
          floor(random() * 2147483647)::integer, v_price.credits, v_charge.id, v_request)
  returning * into v_model;
  perform private.queue_seller_model_view(v_model, 'front');
  perform private.log_activity(uid, 'tool_used', v_price.name,
    jsonb_build_object('toolName', v_price.item, 'creditsUsed', v_price.credits, 'chargeId', v_charge.id, 'modelId', v_id),
    jsonb_build_object('toolName', v_price.item, 'creditsUsed', v_price.credits));
  return private.seller_model_json(v_id) || jsonb_build_object('replayed', false);
end
$$;

-- A view's job finished: its picture is the model's; the front view queues the other two; the
-- third one stored makes the model ready. A failed view fails the model and refunds it once.
create or replace function private.tg_seller_model_views() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link private.seller_model_jobs;
  m public.seller_models;
begin
  if new.status is not distinct from old.status or new.status not in ('completed', 'failed') then
    return null;
  end if;
  select * into v_link from private.seller_model_jobs j where j.job_id = new.id;
  if not found then
    return null;
  end if;
  select * into m from public.seller_models s where s.id = v_link.model_id for update;
  if not found or m.status <> 'creating' then
    return null;
  end if;
  if new.status = 'failed' then
    update public.seller_models s set status = 'failed', error = coalesce(new.error, 'the model could not be made'),
      refunded_at = now()
    where s.id = m.id;
    if m.refunded_at is null and m.charge_id is not null then
      perform private.refund(m.charge_id, null, 'ledger:' || m.charge_id,
                             jsonb_build_object('modelId', m.id, 'tool', 'model-creator', 'note', 'model creation failed'));
    end if;
    -- the other views are of no use now
    update public.tool_jobs t set status = 'failed', error = 'another view of the model failed'
    where t.status = 'pending' and t.id in (select j.job_id from private.seller_model_jobs j where j.model_id = m.id);
    return null;
  end if;
  update public.seller_models s set
    front_path = case when v_link.view = 'front' then new.result_path else s.front_path end,
    back_path = case when v_link.view = 'back' then new.result_path else s.back_path end,
    side_path = case when v_link.view = 'side' then new.result_path else s.side_path end
  where s.id = m.id
  returning * into m;
  if v_link.view = 'front' then
    perform private.queue_seller_model_view(m, 'back');
    perform private.queue_seller_model_view(m, 'side');
  elsif m.front_path is not null and m.back_path is not null and m.side_path is not null then
    update public.seller_models s set status = 'ready' where s.id = m.id;
  end if;
  return null;
end
$$;

create trigger seller_model_views after update of status on public.tool_jobs
  for each row when (new.tool = 'model-creator') execute function private.tg_seller_model_views();

create or replace function private.own_seller_model(p_id uuid, p_uid uuid) returns public.seller_models
language plpgsql
set search_path = ''
as $$
declare
  m public.seller_models;
begin
  select * into m from public.seller_models s where s.id = p_id and s.user_id = p_uid for update;
  if not found then
    perform private.fail('Model not found', 'model_not_found');
  end if;
  return m;
end
$$;

-- Keeps a ready model in "My models", optionally under a new name.
create or replace function public.keep_seller_model(model_id uuid, name text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  m public.seller_models := private.own_seller_model(keep_seller_model.model_id, uid);
begin
  if m.status <> 'ready' then
    perform private.fail('This model is not ready yet', 'model_not_ready');
  end if;
  if nullif(btrim(keep_seller_model.name), '') is not null then
    perform public.rename_seller_model(m.id, keep_seller_model.name);
  end if;
  update public.seller_models s set kept = true where s.id = m.id;
  return private.seller_model_json(m.id);
end
$$;

create or replace function public.rename_seller_model(model_id uuid, name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  m public.seller_models := private.own_seller_model(rename_seller_model.model_id, uid);
  v_name text := nullif(btrim(rename_seller_model.name), '');
begin
  if v_name is null then
    perform private.fail('Please name your model', 'model_name_required');
  end if;
  if char_length(v_name) > 60 then
    perform private.fail('A model name can be at most 60 characters', 'model_name_too_long');
  end if;
  if v_name ~ '[[:cntrl:]]' then
    perform private.fail('A description cannot contain line breaks or control characters', 'custom_text_invalid');
  end if;
  update public.seller_models s set name = v_name where s.id = m.id;
  return private.seller_model_json(m.id);
end
$$;

-- Deletes a model and its pictures: not while it is being made, nor while a project that is
-- still processing uses it.
create or replace function public.delete_seller_model(model_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  m public.seller_models := private.own_seller_model(delete_seller_model.model_id, uid);
begin
  if m.status = 'creating' then
    perform private.fail('This model is still being made and cannot be deleted', 'model_creating');
  end if;
  if exists (select 1 from public.projects p
             where p.seller_model_id = m.id and p.status in ('draft', 'processing')) then
    perform private.fail('This model is used by a project that is still processing and cannot be deleted', 'model_in_use');
  end if;
  perform private.queue_file_removal('seller-models', uid || '/' || m.id, uid, null, true);
  delete from public.seller_models s where s.id = m.id;
  return jsonb_build_object('id', m.id, 'deleted', true);
end
$$;

-- A saved model as start_generation takes it: the seller's own, ready (else not found).
create or replace function private.usable_seller_model(p_id uuid, p_uid uuid) returns public.seller_models
language plpgsql
set search_path = ''
as $$
declare
  m public.seller_models;
begin
  select * into m from public.seller_models s where s.id = p_id and s.user_id = p_uid and s.status = 'ready'
    for share;
  if not found then
    perform private.fail('Selected model does not exist', 'model_not_found');
  end if;
  return m;
end
$$;

create policy "own seller models" on public.seller_models for select to authenticated
  using (user_id = (select auth.uid()));

-- The pictures: the owner reads (and so signs) their own; only the server writes them.
create policy "drape: owners read their saved models"
  on storage.objects for select to authenticated
  using (bucket_id = 'seller-models'
         and (storage.foldername(name))[1] = (select auth.uid())::text
         -- objects.name: a bare "name" inside the subquery would be the model's name
         and exists (select 1 from public.seller_models m
                     where m.user_id = (select auth.uid()) and m.id::text = (storage.foldername(objects.name))[2]));

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.seller_model_json(p_id uuid) from public;
revoke all on function private.queue_seller_model_view(m public.seller_models, p_view text) from public;
revoke all on function private.tg_seller_model_views() from public;
revoke all on function private.own_seller_model(p_id uuid, p_uid uuid) from public;
revoke all on function private.usable_seller_model(p_id uuid, p_uid uuid) from public;
revoke all on function public.create_seller_model(request_id text, gender text, age_range text, body text, skin text, hair text, style text, details text, name text, locale text) from public;
revoke all on function public.keep_seller_model(model_id uuid, name text) from public;
revoke all on function public.rename_seller_model(model_id uuid, name text) from public;
revoke all on function public.delete_seller_model(model_id uuid) from public;
revoke all on public.seller_models from anon, authenticated;
grant select on public.seller_models to authenticated;
revoke all on private.seller_model_jobs from public;
