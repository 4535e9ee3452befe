-- A batch (the Batch Processor, Advanced): many photos through one set of choices, started and
-- charged at once by public.start_batch; each photo becomes an ordinary project (batch_id).
create table public.batches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 120),
  project_type text not null check (project_type in ('on-model', 'flat-lay', 'mannequin')),
  -- the choices made once for all items: model, pose, background (as start_generation takes them)
  choices jsonb not null default '{}'::jsonb,
  item_count integer not null check (item_count between 1 and 50),
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.batches enable row level security;

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 120),
  type text not null check (type in ('on-model', 'flat-lay', 'mannequin')),
  status text not null default 'draft'
    check (status in ('draft', 'processing', 'completed', 'failed', 'rejected', 'archived')),
  -- the selection, validated by public.start_generation
  model_id integer references public.models (id),
  -- the seller's own words (Advanced): at most 500 characters, no control characters
  custom_model text constraint projects_custom_model_text
    check (char_length(custom_model) <= 500 and custom_model !~ '[[:cntrl:]]'),
  background_id integer references public.backgrounds (id),
  custom_background text constraint projects_custom_background_text
    check (char_length(custom_background) <= 500 and custom_background !~ '[[:cntrl:]]'),
  background_blurred boolean not null default false,
  pose_ids integer[] not null default '{}',
  product_paths text[] not null default '{}',
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  metadata jsonb not null default '{}'::jsonb,
  video_status text check (video_status in ('pending', 'processing', 'completed', 'failed')),
  video_style text,
  video_custom_description text,
  video_url text,
  video_path text,
  video_error text,
  video_requested_at timestamptz,
  video_charge_id uuid references public.credit_ledger (id) on delete set null,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  video_attempts integer not null default 0,
  video_lease_expires_at timestamptz,
  video_worker text,
  video_provider_job_id text,
  video_next_attempt_at timestamptz,
  constraint projects_video_custom_description_length check (video_custom_description is null or char_length(video_custom_description) <= 500),
  batch_id uuid references public.batches (id) on delete set null,
  -- a saved model of the seller's own (52_seller_models), instead of model_id / custom_model
  seller_model_id uuid
);
alter table public.projects enable row level security;

create table public.images (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- the product photo: object name in bucket 'uploads', and the URL recorded at upload
  original_path text not null,
  original_url text,
  pose_id integer not null,
  -- display order within the project (product, then pose)
  position integer not null default 0,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'completed', 'failed', 'rejected')),
  -- results: object names in buckets 'generated' (clean) and 'watermarked'
  generated_path text,
  generated_url text,
  watermarked_path text,
  credit_cost numeric(12,2) not null default 1 check (credit_cost >= 0),
  error text,
  attempts integer not null default 0,
  lease_expires_at timestamptz,
  worker text,
  provider_job_id text,
  refunded_at timestamptz,
  metadata jsonb not null default '{}'::jsonb,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  next_attempt_at timestamptz,
  -- the plan's resolution when the image was charged (trigger resolution_from_plan), and the
  -- stored result's real pixel size (finish_engine_job)
  resolution text check (resolution in ('HD', '2K', '4K')),
  width integer check (width > 0),
  height integer check (height > 0)
);
alter table public.images enable row level security;

create table public.uploaded_files (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  file_name text not null check (length(file_name) between 1 and 255),
  -- object name in bucket 'uploads': {userId}/{timestamp}-{filename}
  file_path text not null unique,
  file_size bigint check (file_size >= 0),
  mime_type text check (mime_type in ('image/png', 'image/jpeg', 'image/webp')),
  public_url text,
  created_at timestamptz not null default now(),
  constraint uploaded_files_path_owner check (split_part(file_path, '/', 1) = user_id::text)
);
alter table public.uploaded_files enable row level security;

create index projects_user_created_idx on public.projects (user_id, created_at desc);

create index projects_user_status_idx on public.projects (user_id, status);

create index projects_batch_idx on public.projects (batch_id) where batch_id is not null;

create index batches_user_created_idx on public.batches (user_id, created_at desc);

create index images_project_idx on public.images (project_id, position);

create index images_user_idx on public.images (user_id);

create index images_queue_idx on public.images (created_at) where status in ('pending', 'processing');

create index uploaded_files_user_created_idx on public.uploaded_files (user_id, created_at desc);

-- NOT VALID: enforced for every new row without failing on rows recorded before.
alter table public.uploaded_files
  add constraint uploaded_files_plain_path
  check (file_path !~* '(^|/)(\.|%2e){0,2}(/|$)' and file_path !~ '[\\[:cntrl:]]') not valid;

create index if not exists projects_video_queue_idx on public.projects (video_requested_at)
  where video_status in ('pending', 'processing');

comment on column public.images.next_attempt_at is
  'after a transient provider error: when the next attempt starts (the lease ends then too)';
comment on column public.images.resolution is
  'the plan''s resolution when the image was charged (HD 1024x1536, 2K long side 2048, 4K long side 4096)';
comment on column public.images.width is 'pixel width of the stored result';
comment on column public.images.height is 'pixel height of the stored result';

create trigger set_updated_at before update on public.projects
  for each row execute function private.tg_set_updated_at();

create trigger set_updated_at before update on public.images
  for each row execute function private.tg_set_updated_at();

-- An image is rendered at its seller's plan's resolution as it was when it was charged: set
-- as start_generation inserts it, so a plan change while it waits does not change it.
create or replace function private.tg_images_resolution() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.resolution is null then
    select pl.resolution into new.resolution
    from public.subscriptions s join public.plans pl on pl.id = s.plan
    where s.user_id = new.user_id;
  end if;
  return new;
end
$$;

create trigger resolution_from_plan before insert on public.images
  for each row execute function private.tg_images_resolution();

-- Guard triggers: what a client's direct UPDATE may change, row by row. They act only when
-- the statement runs as a client role; SQL functions (security definer, running as their
-- owner) and the service role are not limited by them. (They call nothing in schema
-- private: they run as the client's role, which has no access to it.)
create or replace function private.tg_projects_client_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user::text not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.name is distinct from old.name then
    new.name := btrim(coalesce(new.name, ''));
    if new.name = '' then
      raise exception 'Project name cannot be empty' using errcode = 'P0001', hint = 'name_required';
    end if;
    if length(new.name) > 120 then
      raise exception 'Project name is too long' using errcode = 'P0001', hint = 'name_too_long';
    end if;
  end if;
  if new.status is distinct from old.status then
    if old.status = 'completed' and new.status = 'archived' then
      null;
    elsif old.status = 'archived' and new.status = 'completed' then
      null;
    elsif new.status = 'archived' then
      raise exception 'Only completed projects can be archived' using errcode = 'P0001', hint = 'project_not_completed';
    else
      raise exception 'Project status can only change by archiving or unarchiving' using errcode = 'P0001', hint = 'status_not_allowed';
    end if;
  end if;
  return new;
end
$$;

create trigger client_guard before update on public.projects
  for each row execute function private.tg_projects_client_guard();

-- The project as the app reads it: the row plus its images.
create or replace function private.project_json(p_project_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select to_jsonb(p) || jsonb_build_object('images', coalesce((
    select jsonb_agg(to_jsonb(i) order by i.position, i.id) from public.images i where i.project_id = p.id), '[]'::jsonb))
  from public.projects p where p.id = p_project_id
$$;

-- Before an image's status changes: finished images stay finished (a late or repeated
-- report cannot resurrect them), and a failed or rejected image gives its credit back,
-- exactly once (refunded_at, plus the ledger's one-refund-per-image index).
create or replace function private.tg_images_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project public.projects;
begin
  if new.status is not distinct from old.status then
    return new;
  end if;
  -- an operator's retry (public.operator_retry_image) puts a failed image back in the queue: it
  -- names the image in a setting of its own transaction
  if old.status = 'failed' and new.status = 'pending'
     and current_setting('drape.operator_retry_image', true) = new.id::text then
    return new;
  end if;
  if old.status in ('failed', 'rejected') then
    raise exception 'image % is already %', old.id, old.status using errcode = 'P0001', hint = 'image_finished';
  end if;
  if old.status = 'completed' and new.status <> 'rejected' then
    raise exception 'image % is already completed', old.id using errcode = 'P0001', hint = 'image_finished';
  end if;
  -- serialise outcomes of one project, so the last one sees all the others (a claim,
  -- pending -> processing, needs no project lock)
  if new.status in ('completed', 'failed', 'rejected') then
    select * into v_project from public.projects where id = new.project_id for update;
  end if;
  if new.status = 'completed' then
    new.completed_at := coalesce(new.completed_at, now());
  end if;
  if new.status in ('failed', 'rejected') then
    new.lease_expires_at := null;
    if new.refunded_at is null and new.credit_cost > 0 and v_project.charge_id is not null then
      perform private.refund(v_project.charge_id, new.credit_cost, 'image:' || new.id,
                             jsonb_build_object('imageId', new.id, 'projectId', new.project_id, 'status', new.status));
      new.refunded_at := now();
    end if;
  end if;
  return new;
end
$$;

create trigger status_change before update of status on public.images
  for each row execute function private.tg_images_status();

-- After images change: the project follows them. Any rejected image rejects the project,
-- otherwise any failed image fails it, otherwise it is completed when all images are.
create or replace function private.tg_images_project_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project public.projects;
  v_total integer;
  v_completed integer;
  v_failed integer;
  v_rejected integer;
  v_status text;
begin
  select * into v_project from public.projects where id = new.project_id for update;
  if not found or v_project.status not in ('draft', 'processing', 'failed', 'completed') then
    return null;
  end if;
  select count(*), count(*) filter (where status = 'completed'), count(*) filter (where status = 'failed'),
         count(*) filter (where status = 'rejected')
    into v_total, v_completed, v_failed, v_rejected
    from public.images where project_id = new.project_id;
  v_status := case
    when v_rejected > 0 then 'rejected'
    when v_failed > 0 then 'failed'
    when v_total > 0 and v_completed = v_total then 'completed'
    else 'processing' end;
  if v_status is distinct from v_project.status
     and not (v_project.status in ('failed', 'completed') and v_status = 'processing') then
    update public.projects set status = v_status,
      completed_at = case when v_status = 'completed' then now() else completed_at end
    where id = new.project_id;
  end if;
  return null;
end
$$;

create trigger project_status after update of status on public.images
  for each row when (old.status is distinct from new.status)
  execute function private.tg_images_project_status();

-- After a project's status changes by an outcome: notifications (spec 1 §4), and a
-- rejected project rejects (and so refunds) all of its images.
create or replace function private.tg_projects_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'rejected' then
    update public.images set status = 'rejected'
      where project_id = new.id and status not in ('failed', 'rejected');
  end if;
  if new.status = 'completed' and old.status in ('draft', 'processing') then
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id, 'project_completed', 'Project completed',
            format('Your project "%s" is ready.', new.name), new.id, jsonb_build_object('projectName', new.name));
  elsif new.status = 'failed' and old.status in ('draft', 'processing') then
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id, 'project_failed', 'Generation failed',
            format('Project "%s" generation failed. Please try again.', new.name), new.id,
            jsonb_build_object('projectName', new.name));
  elsif new.status = 'rejected' then
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id, 'project_rejected', 'Project rejected',
            format('Project "%s" was rejected due to content guideline violation. Your credits have been refunded.', new.name),
            new.id, jsonb_build_object('projectName', new.name));
  end if;
  return null;
end
$$;

create trigger status_change after update of status on public.projects
  for each row when (old.status is distinct from new.status)
  execute function private.tg_projects_status();

create or replace function private.own_project(p_project_id uuid, p_user_id uuid) returns public.projects
language plpgsql
set search_path = ''
as $$
declare p public.projects;
begin
  select * into p from public.projects where id = p_project_id and user_id = p_user_id for update;
  if not found then
    perform private.fail('Project not found', 'project_not_found');
  end if;
  return p;
end
$$;

-- Trimmed, non-empty; an unchanged name is ignored. Returns the project.
create or replace function public.rename_project(project_id uuid, name text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects := private.own_project(rename_project.project_id, uid);
  v_name text := btrim(coalesce(rename_project.name, ''));
begin
  if v_name = '' then
    perform private.fail('Project name cannot be empty', 'name_required');
  end if;
  if length(v_name) > 120 then
    perform private.fail('Project name is too long', 'name_too_long');
  end if;
  if v_name <> p.name then
    update public.projects set name = v_name where id = p.id;
  end if;
  return private.project_json(p.id);
end
$$;

create or replace function public.archive_project(project_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects := private.own_project(archive_project.project_id, uid);
begin
  if p.status = 'completed' then
    update public.projects set status = 'archived' where id = p.id;
  elsif p.status <> 'archived' then
    perform private.fail('Only completed projects can be archived', 'project_not_completed');
  end if;
  return private.project_json(p.id);
end
$$;

create or replace function public.unarchive_project(project_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects := private.own_project(unarchive_project.project_id, uid);
begin
  if p.status = 'archived' then
    update public.projects set status = 'completed' where id = p.id;
  elsif p.status <> 'completed' then
    perform private.fail('Only archived projects can be unarchived', 'project_not_archived');
  end if;
  return private.project_json(p.id);
end
$$;

-- The price of a generation: the one rule start_generation charges and quote_generation shows
-- before Generate (the browser never prices anything). Each image costs credit_prices 'image';
-- on-model makes products x poses images, flat-lay and mannequin one garment photo x poses.
create or replace function private.generation_price(
  p_type text, p_products integer, p_poses integer,
  out images integer, out credits_per_image numeric(12,2), out credits numeric(12,2))
language sql stable
set search_path = ''
as $$
  select n.images, c.credits, c.credits * n.images
    from (select p_poses * case when p_type = 'on-model' then p_products else 1 end as images) n
    left join public.credit_prices c on c.item = 'image'
$$;

-- The default name's base words in a language.
create or replace function private.untitled_base(p_locale text) returns text
language sql immutable
set search_path = ''
as $$
  select case p_locale when 'el' then 'Έργο χωρίς τίτλο' else 'Untitled Project' end
$$;

-- The base name when no name of the user starts with it; otherwise the base followed directly
-- by the highest numeric suffix + 1. Caller holds the user's subscription lock (start_generation),
-- so two generations cannot pick the same name.
create or replace function private.next_untitled_name(p_user_id uuid, p_locale text) returns text
language sql stable
set search_path = ''
as $$
  with b as (select private.untitled_base(private.seller_locale(p_user_id, p_locale)) as base)
  select case when count(p.id) = 0 then b.base
              else b.base || (coalesce(max(
                     nullif(substring(substr(p.name, length(b.base) + 1) from '^\s*([0-9]{1,18})'), '')::numeric), 0) + 1)::text
         end
  from b
  left join public.projects p on p.user_id = p_user_id and left(p.name, length(b.base)) = b.base
  group by b.base
$$;

-- The one-argument form (for callers that name no language): the profile's language.
create or replace function private.next_untitled_name(p_user_id uuid) returns text
language sql stable
set search_path = ''
as $$ select private.next_untitled_name(p_user_id, null) $$;

-- Shared generation checks: the rules start_generation, quote_generation, start_batch and
-- quote_batch all apply, each written once here (tests/integration/domain/shared-checks.test.ts
-- runs the same bad inputs through the four and expects the same codes).

-- The project types, in one list. The tables' own CHECKs (projects.type, batches.project_type)
-- cannot call a function a client's update would run, so they repeat the words; the same test
-- compares them with this list.
create or replace function private.project_types() returns text[]
language sql immutable
set search_path = ''
as $$ select array['on-model', 'flat-lay', 'mannequin'] $$;

-- The counts of a generation, and so of a quote: a known type, a photo per project, a pose, and
-- (p_items, a batch of that many projects of one photo each; null for a single generation) at
-- most 50 projects. The order is the order the seller fixes them in.
create or replace function private.check_generation(p_type text, p_products integer, p_poses integer,
                                                    p_items integer default null)
returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if p_type is null or not p_type = any (private.project_types()) then
    perform private.fail('Invalid project type', 'invalid_project_type');
  end if;
  if coalesce(p_products, 0) < 1 or coalesce(p_items, 1) < 1 then
    perform private.fail('Please upload a product photo', 'product_required');
  end if;
  if p_items > 50 then
    perform private.fail('A batch can hold at most 50 photos', 'batch_too_large');
  end if;
  if coalesce(p_poses, 0) < 1 then
    perform private.fail('Please select a pose', 'pose_required');
  end if;
end
$$;

-- One photo of a project: the seller's own stored upload (bucket 'uploads'), a garment type
-- when one is asked for (flat-lay, mannequin; every photo of a batch), and a name of at most 120
-- characters. p_index (a batch's item) goes into the refusal's detail as {"index": n}.
create or replace function private.check_product(p_user_id uuid, p_path text, p_garment text, p_name text,
                                                 p_garment_required boolean, p_index integer default null)
returns void
language plpgsql stable
set search_path = ''
as $$
declare
  v_detail text := case when p_index is not null then jsonb_build_object('index', p_index)::text end;
begin
  if p_path is null
     or not exists (select 1 from public.uploaded_files f where f.file_path = p_path and f.user_id = p_user_id) then
    perform private.fail('Product photo not found', 'product_not_found', v_detail);
  end if;
  if p_garment_required and (p_garment is null or p_garment not in ('top', 'bottom', 'full')) then
    perform private.fail('Please select a garment type', 'garment_type_required', v_detail);
  end if;
  if length(btrim(coalesce(p_name, ''))) > 120 then
    perform private.fail('Project name is too long', 'name_too_long', v_detail);
  end if;
end
$$;

-- What a generation (p_items null) or a batch of p_items costs and whether the balance covers
-- it, after the same counts start_generation / start_batch check: quote_generation's and
-- quote_batch's answer.
create or replace function private.quote(p_user_id uuid, p_type text, p_products integer, p_poses integer,
                                         p_items integer default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_price record;
  v_sub public.subscriptions;
begin
  perform private.check_generation(p_type, p_products, p_poses, p_items);
  if p_items is null then
    select * into v_price from private.generation_price(p_type, p_products, p_poses);
  else
    select * into v_price from private.batch_price(p_type, p_items);
  end if;
  select * into v_sub from public.subscriptions s where s.user_id = p_user_id;
  return jsonb_build_object(
    'images', v_price.images,
    'creditsPerImage', v_price.credits_per_image,
    'creditsNeeded', v_price.credits,
    'creditsRemaining', coalesce(v_sub.credits_remaining, 0),
    'enough', coalesce(v_sub.credits_remaining, 0) >= v_price.credits,
    'plan', coalesce(v_sub.plan, 'free'));
end
$$;

-- The checked body of start_generation; public.start_generation (below) serves it once per request id.
-- With batch_id (public.start_batch, which has charged the whole batch): one item of that batch,
-- charged by the batch's charge, no notification of its own and no wake-up (the batch sends one).
create or replace function private.start_generation(
  project_type text,
  product_paths text[],
  pose_ids integer[],
  model_id integer default null,
  background_id integer default null,
  background_blurred boolean default false,
  custom_model text default null,
  custom_background text default null,
  project_name text default null,
  garment_types text[] default null,
  locale text default null,
  batch_id uuid default null,
  seller_model_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_batch public.batches;
  v_type text := start_generation.project_type;
  v_products text[];
  v_poses integer[];
  v_garments text[];
  v_model public.models;
  v_saved_id uuid;
  v_custom_model text;
  v_gender text := 'women';
  v_background public.backgrounds;
  v_custom_background text;
  v_blurred boolean := coalesce(start_generation.background_blurred, false);
  v_name text := nullif(btrim(start_generation.project_name), '');
  v_plan public.plans;
  v_sub public.subscriptions;
  v_cost numeric(12,2);
  v_unit numeric(12,2);
  v_images integer;
  v_project_id uuid := gen_random_uuid();
  v_charge public.credit_ledger;
  v_pose integer;
  v_pose_names text[];
  v_model_name text;
  v_background_name text;
  v_metadata jsonb;
  v_locale text;
begin
  -- products: the uploaded photo(s), object names in bucket 'uploads'; poses: one or more of
  -- the three (for the model's gender, checked below)
  select coalesce(array_agg(distinct btrim(x)) filter (where nullif(btrim(x), '') is not null), '{}')
    into v_products from unnest(coalesce(start_generation.product_paths, '{}'::text[])) as x;
  select coalesce(array_agg(distinct x order by x) filter (where x is not null), '{}')
    into v_poses from unnest(coalesce(start_generation.pose_ids, '{}'::integer[])) as x;
  perform private.check_generation(v_type, cardinality(v_products), cardinality(v_poses));
  if cardinality(v_products) > 1 then
    perform private.fail('Only one photo can be uploaded per generation cycle. Please remove the existing photo first.', 'too_many_products');
  end if;
  perform private.check_product(uid, v_products[1], start_generation.garment_types[1], v_name, v_type in ('flat-lay', 'mannequin'));
  if v_type in ('flat-lay', 'mannequin') then
    v_garments := array[start_generation.garment_types[1]];
  end if;

  -- the balance row is locked from here to the end: starts by one user run one at a time
  v_sub := private.lock_subscription(uid);
  select * into v_plan from public.plans p where p.id = v_sub.plan;

  -- model: a catalogue model, (Advanced) a saved model of the seller's own, or (Advanced) a
  -- described custom model, id 9999
  if start_generation.seller_model_id is not null then
    if not v_plan.custom_model then
      perform private.fail('Available only in Advanced Plan', 'advanced_only');
    end if;
    select m.id, m.gender, m.name into v_saved_id, v_gender, v_model_name
      from private.usable_seller_model(start_generation.seller_model_id, uid) m;
  elsif start_generation.model_id = 9999 or start_generation.custom_model is not null then
    if not v_plan.custom_model then
      perform private.fail('Available only in Advanced Plan', 'advanced_only');
    end if;
    v_custom_model := nullif(btrim(start_generation.custom_model), '');
    if v_custom_model is null then
      perform private.fail('Please describe your custom model', 'custom_model_required');
    end if;
    if char_length(v_custom_model) > 500 then
      perform private.fail('The custom model description can be at most 500 characters', 'custom_model_too_long');
    end if;
    if v_custom_model ~ '[[:cntrl:]]' then
      perform private.fail('A description cannot contain line breaks or control characters', 'custom_text_invalid');
    end if;
    v_model_name := 'Custom model';
  elsif start_generation.model_id is null then
    perform private.fail('Please select a model', 'model_required');
  else
    select * into v_model from public.models m where m.id = start_generation.model_id;
    if not found then
      perform private.fail('Selected model does not exist', 'model_not_found');
    end if;
    v_gender := v_model.gender;
    v_model_name := v_model.name;
  end if;

  -- poses: for the model's gender
  foreach v_pose in array v_poses loop
    if not exists (select 1 from public.poses p where p.gender = v_gender and p.id = v_pose) then
      perform private.fail('Selected pose does not exist', 'pose_not_found');
    end if;
  end loop;
  select array_agg(p.name order by p.sort_order) into v_pose_names
    from public.poses p where p.gender = v_gender and p.id = any (v_poses);

  -- background: a preset of this flow, or (Advanced) a described custom one, id 9999
  if start_generation.background_id = 9999 or start_generation.custom_background is not null then
    if not v_plan.custom_background then
      perform private.fail('Available only in Advanced Plan', 'advanced_only');
    end if;
    v_custom_background := nullif(btrim(start_generation.custom_background), '');
    if v_custom_background is null then
      perform private.fail('Please describe your custom background', 'custom_background_required');
    end if;
    if char_length(v_custom_background) > 500 then
      perform private.fail('The custom background description can be at most 500 characters', 'custom_background_too_long');
    end if;
    if v_custom_background ~ '[[:cntrl:]]' then
      perform private.fail('A description cannot contain line breaks or control characters', 'custom_text_invalid');
    end if;
    v_background_name := 'Custom background';
  elsif start_generation.background_id is null then
    perform private.fail('Please select a background', 'background_required');
  else
    select * into v_background from public.backgrounds b where b.id = start_generation.background_id;
    if not found then
      perform private.fail('Selected background does not exist', 'background_not_found');
    end if;
    if (v_type in ('on-model', 'mannequin') and not v_background.on_model) or (v_type = 'flat-lay' and not v_background.flat_lay) then
      perform private.fail('Selected background is not available for flat-lay projects', 'background_not_available');
    end if;
    v_background_name := v_background.name;
  end if;

  -- the price, as quote_generation showed it
  select g.images, g.credits_per_image, g.credits into v_images, v_unit, v_cost
    from private.generation_price(v_type, cardinality(v_products), cardinality(v_poses)) g;

  -- charge (refused when short), then create everything
  if start_generation.batch_id is null then
    v_charge := private.change_credits(uid, -v_cost, 'generation', 'project:' || v_project_id,
                                       jsonb_build_object('projectId', v_project_id, 'images', v_images));
  else
    select * into v_batch from public.batches b where b.id = start_generation.batch_id and b.user_id = uid;
    if not found then
      perform private.fail('Batch not found', 'batch_not_found');
    end if;
    select * into v_charge from public.credit_ledger l where l.id = v_batch.charge_id;
  end if;
  -- the language the seller is using: remembered for calls that name none
  v_locale := private.seller_locale(uid, start_generation.locale);
  if lower(btrim(start_generation.locale)) in ('en', 'el') then
    update public.profiles pr set language = v_locale where pr.id = uid and pr.language is distinct from v_locale;
  end if;
  if v_name is null then
    v_name := private.next_untitled_name(uid, v_locale);
  end if;

  v_metadata := jsonb_build_object(
    'modelName', v_model_name, 'backgroundName', v_background_name, 'poseNames', to_jsonb(v_pose_names),
    'selectedPoses', cardinality(v_poses), 'productCount', cardinality(v_products), 'gender', v_gender)
    || case when v_type in ('flat-lay', 'mannequin') then jsonb_build_object('garmentTypes', to_jsonb(v_garments)) else '{}'::jsonb end;

  insert into public.projects (id, user_id, name, type, status, model_id, custom_model, background_id,
    custom_background, background_blurred, pose_ids, product_paths, credits_charged, charge_id, metadata, batch_id,
    seller_model_id)
  values (v_project_id, uid, v_name, v_type, 'processing',
    case when v_custom_model is null then v_model.id end, v_custom_model,
    case when v_custom_background is null then v_background.id end, v_custom_background,
    v_blurred, v_poses, v_products, v_cost, v_charge.id, v_metadata, v_batch.id, v_saved_id);

  -- one image per product and pose (on-model), per pose (flat-lay: the outfit is one product)
  insert into public.images (project_id, user_id, original_path, original_url, pose_id, position, credit_cost, metadata)
  select v_project_id, uid, prod.path, f.public_url, pose.id, row_number() over (order by prod.n, pose.id), v_unit,
         jsonb_build_object('productPaths', to_jsonb(v_products))
  from unnest(case when v_type = 'on-model' then v_products else v_products[1:1] end) with ordinality as prod (path, n)
  cross join unnest(v_poses) as pose (id)
  left join public.uploaded_files f on f.file_path = prod.path and f.user_id = uid;

  if v_batch.id is null then
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (uid, 'project_created', 'Project created',
            format('Your project "%s" is being generated. This usually takes 1-2 minutes.', v_name),
            v_project_id, jsonb_build_object('projectName', v_name));
  end if;

  perform private.log_activity(uid, 'project_created', format('Created project "%s"', v_name),
    jsonb_build_object('projectId', v_project_id, 'projectName', v_name, 'projectType', v_type)
    || case when v_type in ('on-model', 'mannequin')
            then jsonb_build_object('modelName', v_model_name, 'backgroundName', v_background_name)
            else jsonb_build_object('poseCount', cardinality(v_poses)) end);

  -- wakes the generation dispatcher (delivered on commit)
  if v_batch.id is null then
    perform pg_notify('generation_jobs', v_project_id::text);
  end if;
  return private.project_json(v_project_id);
end
$$;

-- start_generation with a request id: a repeat answers the first project (private.claim_request).
create or replace function public.start_generation(
  project_type text,
  product_paths text[],
  pose_ids integer[],
  model_id integer default null,
  background_id integer default null,
  background_blurred boolean default false,
  custom_model text default null,
  custom_background text default null,
  project_name text default null,
  garment_types text[] default null,
  locale text default null,
  request_id text default null,
  seller_model_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_first jsonb;
  v_project jsonb;
begin
  -- the language only names the project: a repeat from a page switched to Greek is the same request
  v_first := private.claim_request(uid, start_generation.request_id, 'generation', jsonb_build_object(
    'project_type', start_generation.project_type, 'product_paths', start_generation.product_paths,
    'pose_ids', start_generation.pose_ids, 'model_id', start_generation.model_id,
    'background_id', start_generation.background_id, 'background_blurred', start_generation.background_blurred,
    'custom_model', start_generation.custom_model, 'custom_background', start_generation.custom_background,
    'project_name', start_generation.project_name, 'garment_types', start_generation.garment_types)
    || case when start_generation.seller_model_id is null then '{}'::jsonb
            else jsonb_build_object('seller_model_id', start_generation.seller_model_id) end);
  if v_first is not null then
    return coalesce(private.project_json((v_first ->> 'id')::uuid), v_first) || jsonb_build_object('replayed', true);
  end if;
  v_project := private.start_generation(start_generation.project_type, start_generation.product_paths,
    start_generation.pose_ids, start_generation.model_id, start_generation.background_id,
    start_generation.background_blurred, start_generation.custom_model, start_generation.custom_background,
    start_generation.project_name, start_generation.garment_types, start_generation.locale, null,
    start_generation.seller_model_id);
  perform private.settle_request(uid, start_generation.request_id,
    jsonb_build_object('id', v_project -> 'id', 'name', v_project -> 'name'));
  return v_project || jsonb_build_object('replayed', false);
end
$$;

create or replace function public.quote_generation(
  project_type text, product_count integer default 1, pose_count integer default 1, locale text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
begin
  return private.quote(uid, quote_generation.project_type, quote_generation.product_count,
                       quote_generation.pose_count)
    -- the name start_generation gives a project left unnamed (at this moment)
    || jsonb_build_object('suggestedName', private.next_untitled_name(uid, quote_generation.locale));
end
$$;

create policy "own projects" on public.projects for select to authenticated
  using (user_id = (select auth.uid()));

create policy "own batches" on public.batches for select to authenticated
  using (user_id = (select auth.uid()));

create policy "own images" on public.images for select to authenticated
  using (user_id = (select auth.uid()));

create policy "own uploads" on public.uploaded_files for select to authenticated
  using (user_id = (select auth.uid()));

create policy "update own projects" on public.projects for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "delete own projects" on public.projects for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "record own uploads" on public.uploaded_files for insert to authenticated
  with check (user_id = (select auth.uid()) and split_part(file_path, '/', 1) = (select auth.uid())::text);

create policy "delete own uploads" on public.uploaded_files for delete to authenticated
  using (user_id = (select auth.uid()));

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.check_generation(p_type text, p_products integer, p_poses integer, p_items integer) from public;
revoke all on function private.check_product(p_user_id uuid, p_path text, p_garment text, p_name text, p_garment_required boolean, p_index integer) from public;
revoke all on function private.generation_price(p_type text, p_products integer, p_poses integer) from public;
revoke all on function private.next_untitled_name(p_user_id uuid) from public;
revoke all on function private.next_untitled_name(p_user_id uuid, p_locale text) from public;
revoke all on function private.own_project(p_project_id uuid, p_user_id uuid) from public;
revoke all on function private.project_json(p_project_id uuid) from public;
revoke all on function private.project_types() from public;
revoke all on function private.quote(p_user_id uuid, p_type text, p_products integer, p_poses integer, p_items integer) from public;
revoke all on function private.tg_images_project_status() from public;
revoke all on function private.tg_images_resolution() from public;
revoke all on function private.tg_images_status() from public;
revoke all on function private.tg_projects_client_guard() from public;
revoke all on function private.tg_projects_status() from public;
revoke all on function private.untitled_base(p_locale text) from public;
revoke all on function public.archive_project(project_id uuid) from public;
revoke all on function public.quote_generation(project_type text, product_count integer, pose_count integer, locale text) from public;
revoke all on function public.rename_project(project_id uuid, name text) from public;
revoke all on function public.start_generation(project_type text, product_paths text[], pose_ids integer[], model_id integer, background_id integer, background_blurred boolean, custom_model text, custom_background text, project_name text, garment_types text[], locale text, request_id text, seller_model_id uuid) from public;
revoke all on function private.start_generation(project_type text, product_paths text[], pose_ids integer[], model_id integer, background_id integer, background_blurred boolean, custom_model text, custom_background text, project_name text, garment_types text[], locale text, batch_id uuid, seller_model_id uuid) from public, anon, authenticated, service_role;
revoke all on function public.unarchive_project(project_id uuid) from public;
revoke all on public.batches from anon, authenticated;
grant select on public.batches to authenticated;
revoke all on public.images from anon, authenticated;
grant select on public.images to anon, authenticated;
revoke all on public.projects from anon, authenticated;
grant select on public.projects to anon;
grant delete, select on public.projects to authenticated;
revoke all on public.uploaded_files from anon, authenticated;
grant select on public.uploaded_files to anon;
grant delete, select on public.uploaded_files to authenticated;
grant update (name, status) on public.projects to authenticated;
grant insert (file_name, file_path, file_size, mime_type, public_url, user_id) on public.uploaded_files to authenticated;
