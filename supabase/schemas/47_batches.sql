-- The Batch Processor (Advanced): up to 50 product photos through one set of choices (type,
-- model, pose, background). public.start_batch checks and prices every item, creates one
-- ordinary project per photo (private.start_generation with the batch's id) and charges the
-- whole batch once, in one transaction: all or nothing, once per request id. The table is
-- public.batches (40_projects.sql, before the projects that point at it).

-- The batch as the app reads it: the row plus its projects (each with its images), in the
-- order the seller listed the photos.
create or replace function private.batch_json(p_batch_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select to_jsonb(b) || jsonb_build_object('projects', coalesce((
    select jsonb_agg(private.project_json(p.id)
                     order by (p.metadata ->> 'batchPosition')::integer nulls last, p.created_at, p.id)
    from public.projects p where p.batch_id = b.id), '[]'::jsonb))
  from public.batches b where b.id = p_batch_id
$$;

-- The price of a batch of `item_count` photos: each photo is one project of one image
-- (private.generation_price with one product and one pose), summed.
create or replace function private.batch_price(
  p_type text, p_items integer, out images integer, out credits_per_image numeric(12,2), out credits numeric(12,2))
language sql stable
set search_path = ''
as $$
  select g.images * p_items, g.credits_per_image, g.credits * p_items
    from private.generation_price(p_type, 1, 1) g
$$;

-- What a batch of item_count photos costs, shown before Start (the browser never prices).
create or replace function public.quote_batch(project_type text, item_count integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- each photo is one project of one photo and one pose
  return private.quote(private.require_user(), quote_batch.project_type, 1, 1, quote_batch.item_count);
end
$$;

-- Starts a batch: items is [{path, garment_type, name}] (path: the seller's upload in bucket
-- 'uploads'; garment_type: top, bottom or full; name: the project's name, optional). One
-- request id per press of Start: a repeat answers the first batch (replayed: true) and charges
-- nothing; the same id with other items or choices is refused.
create or replace function public.start_batch(
  request_id text,
  project_type text,
  items jsonb,
  pose_id integer,
  model_id integer default null,
  background_id integer default null,
  background_blurred boolean default false,
  custom_model text default null,
  custom_background text default null,
  locale text default null,
  batch_name text default null,
  seller_model_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_first jsonb;
  v_sub public.subscriptions;
  v_count integer;
  v_item jsonb;
  v_n bigint;
  v_path text;
  v_paths text[] := '{}';
  v_price record;
  v_batch_id uuid := gen_random_uuid();
  v_batch_name text := nullif(btrim(start_batch.batch_name), '');
  v_charge public.credit_ledger;
  v_project jsonb;
begin
  if nullif(btrim(start_batch.request_id), '') is null then
    perform private.fail('Invalid request id', 'request_id_invalid');
  end if;
  -- the language only names things: a repeat from a page switched to Greek is the same request
  v_first := private.claim_request(uid, start_batch.request_id, 'batch', jsonb_build_object(
    'project_type', start_batch.project_type, 'items', start_batch.items, 'pose_id', start_batch.pose_id,
    'model_id', start_batch.model_id, 'background_id', start_batch.background_id,
    'background_blurred', start_batch.background_blurred, 'custom_model', start_batch.custom_model,
    'custom_background', start_batch.custom_background, 'batch_name', start_batch.batch_name)
    || case when start_batch.seller_model_id is null then '{}'::jsonb
            else jsonb_build_object('seller_model_id', start_batch.seller_model_id) end);
  if v_first is not null then
    return coalesce(private.batch_json((v_first ->> 'id')::uuid), v_first) || jsonb_build_object('replayed', true);
  end if;

  -- the plan, under the balance lock held to the end: Advanced only
  v_sub := private.lock_subscription(uid);
  if v_sub.plan <> 'advanced' then
    perform private.fail('Available only in Advanced Plan', 'advanced_only');
  end if;
  v_count := case when jsonb_typeof(start_batch.items) = 'array' then jsonb_array_length(start_batch.items) else 0 end;
  perform private.check_generation(start_batch.project_type, 1,
                                   case when start_batch.pose_id is null then 0 else 1 end, v_count);
  if v_batch_name is not null and length(v_batch_name) > 120 then
    perform private.fail('Batch name is too long', 'name_too_long');
  end if;

  -- every item: the seller's own stored photo, once, with a garment type (detail: its index)
  for v_item, v_n in select e, n from jsonb_array_elements(start_batch.items) with ordinality as x (e, n) loop
    if jsonb_typeof(v_item) <> 'object' then
      perform private.fail('Please upload a product photo', 'product_required',
                           jsonb_build_object('index', v_n - 1)::text);
    end if;
    v_path := nullif(btrim(v_item ->> 'path'), '');
    perform private.check_product(uid, v_path, v_item ->> 'garment_type', v_item ->> 'name', true, (v_n - 1)::integer);
    if v_path = any (v_paths) then
      perform private.fail('This photo is already in the batch', 'batch_duplicate_photo',
                           jsonb_build_object('index', v_n - 1)::text);
    end if;
    v_paths := v_paths || v_path;
  end loop;

  if v_batch_name is null then
    v_batch_name := case private.seller_locale(uid, start_batch.locale) when 'el' then 'Παρτίδα ' else 'Batch ' end
                    || to_char(private.app_now(), 'YYYY-MM-DD HH24:MI');
  end if;
  insert into public.batches (id, user_id, name, project_type, choices, item_count)
  values (v_batch_id, uid, v_batch_name, start_batch.project_type, jsonb_build_object(
    'pose_id', start_batch.pose_id, 'model_id', start_batch.model_id, 'background_id', start_batch.background_id,
    'background_blurred', coalesce(start_batch.background_blurred, false), 'custom_model', start_batch.custom_model,
    'custom_background', start_batch.custom_background, 'seller_model_id', start_batch.seller_model_id), v_count);

  -- one ordinary project per photo, through the wizard's own checks (model, pose, background)
  for v_item, v_n in select e, n from jsonb_array_elements(start_batch.items) with ordinality as x (e, n) loop
    v_project := private.start_generation(start_batch.project_type, array[btrim(v_item ->> 'path')],
      array[start_batch.pose_id], start_batch.model_id, start_batch.background_id, start_batch.background_blurred,
      start_batch.custom_model, start_batch.custom_background, v_item ->> 'name', array[v_item ->> 'garment_type'],
      start_batch.locale, v_batch_id, start_batch.seller_model_id);
    update public.projects p set metadata = p.metadata || jsonb_build_object('batchPosition', v_n - 1,
                                                                             'garmentType', v_item ->> 'garment_type')
      where p.id = (v_project ->> 'id')::uuid;
  end loop;

  -- one charge for the whole batch (refused when short, with the batch's total); each
  -- project points at it, so a failed image gives back its own credit through the usual path
  select * into v_price from private.batch_price(start_batch.project_type, v_count);
  v_charge := private.change_credits(uid, -v_price.credits, 'generation', 'batch:' || v_batch_id,
    jsonb_build_object('batchId', v_batch_id, 'batchName', v_batch_name, 'images', v_price.images,
                       'projects', v_count));
  update public.batches b set credits_charged = v_price.credits, charge_id = v_charge.id where b.id = v_batch_id;
  update public.projects p set charge_id = v_charge.id where p.batch_id = v_batch_id;

  perform private.log_activity(uid, 'batch_started', format('Started batch "%s" (%s photos)', v_batch_name, v_count),
    jsonb_build_object('batchId', v_batch_id, 'batchName', v_batch_name, 'items', v_count,
                       'projectType', start_batch.project_type));

  -- wakes the generation dispatcher once (delivered on commit)
  perform pg_notify('generation_jobs', 'batch:' || v_batch_id::text);
  perform private.settle_request(uid, start_batch.request_id,
    jsonb_build_object('id', v_batch_id, 'name', v_batch_name));
  return private.batch_json(v_batch_id) || jsonb_build_object('replayed', false);
end
$$;

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.batch_json(p_batch_id uuid) from public;
revoke all on function private.batch_price(p_type text, p_items integer) from public;
revoke all on function public.quote_batch(project_type text, item_count integer) from public;
revoke all on function public.start_batch(request_id text, project_type text, items jsonb, pose_id integer, model_id integer, background_id integer, background_blurred boolean, custom_model text, custom_background text, locale text, batch_name text, seller_model_id uuid) from public;
