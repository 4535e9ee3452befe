-- The name a project left unnamed gets follows the seller's language (spec 2 §5: 'Untitled
-- Project', then 'Untitled Project2', …; in Greek 'Έργο χωρίς τίτλο', 'Έργο χωρίς τίτλο2', …,
-- the words the app's Greek catalogue already shows for it).
--
-- Where the language comes from. The app's language is chosen in the browser (spec 1:
-- localStorage "language"), so the server cannot know it unless it is told:
--   1. start_generation(…, locale) and quote_generation(…, locale): the app sends the language
--      it is showing right now ('en' or 'el'). This is what decides: the name is made in the
--      same request, in the language the seller is looking at.
--   2. profiles.language: the last language a request named (start_generation remembers it),
--      used when a call names none — an older app version, another client, a retried call —
--      so a Greek seller keeps Greek names without every caller having to know.
--   3. English, the app's default.
-- Numbering is per language: each base name counts its own suffixes, so a seller who switched
-- languages gets 'Έργο χωρίς τίτλο' next to an older 'Untitled Project3', never a duplicate.

alter table public.profiles
  add column if not exists language text check (language in ('en', 'el'));
comment on column public.profiles.language is
  'The app language the seller last used for a request (en, el): server-made words such as a default project name follow it.';
-- the seller may set it from the app too (settings), like full_name
grant insert (language), update (language) on public.profiles to authenticated;

-- The language to use for the user: the requested one when it is ours, else the profile's, else English.
create or replace function private.seller_locale(p_user_id uuid, p_requested text default null) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    case when lower(btrim(p_requested)) in ('en', 'el') then lower(btrim(p_requested)) end,
    (select p.language from public.profiles p where p.id = p_user_id),
    'en')
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

-- The one-argument form (kept for any caller of the earlier migrations): the profile's language.
create or replace function private.next_untitled_name(p_user_id uuid) returns text
language sql stable
set search_path = ''
as $$ select private.next_untitled_name(p_user_id, null) $$;

revoke all on function private.seller_locale(uuid, text), private.untitled_base(text),
  private.next_untitled_name(uuid, text), private.next_untitled_name(uuid) from public;

-- start_generation with the caller's language (the rest as in 20261122000500_projects.sql).
drop function if exists public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[]);
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
  locale text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_type text := start_generation.project_type;
  v_products text[];
  v_poses integer[];
  v_garments text[];
  v_model public.models;
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
  v_project_id uuid := gen_random_uuid();
  v_charge public.credit_ledger;
  v_product text;
  v_upload public.uploaded_files;
  v_pose integer;
  v_pose_names text[];
  v_model_name text;
  v_background_name text;
  v_metadata jsonb;
  v_locale text;
begin
  if v_type is null or v_type not in ('on-model', 'flat-lay') then
    perform private.fail('Invalid project type', 'invalid_project_type');
  end if;

  -- products: the uploaded photo(s), object names in bucket 'uploads'
  select coalesce(array_agg(distinct btrim(x)) filter (where nullif(btrim(x), '') is not null), '{}')
    into v_products from unnest(coalesce(start_generation.product_paths, '{}'::text[])) as x;
  if cardinality(v_products) = 0 then
    perform private.fail('Please upload a product photo', 'product_required');
  end if;
  if cardinality(v_products) > 1 then
    perform private.fail('Only one photo can be uploaded per generation cycle. Please remove the existing photo first.', 'too_many_products');
  end if;
  foreach v_product in array v_products loop
    select * into v_upload from public.uploaded_files f where f.file_path = v_product and f.user_id = uid;
    if not found then
      perform private.fail('Product photo not found', 'product_not_found');
    end if;
  end loop;
  if v_type = 'flat-lay' then
    v_garments := coalesce(start_generation.garment_types, '{}'::text[]);
    if cardinality(v_garments) < cardinality(v_products)
       or exists (select 1 from unnest(v_garments[1:cardinality(v_products)]) g
                  where g is null or g not in ('top', 'bottom', 'full')) then
      perform private.fail('Please select a garment type', 'garment_type_required');
    end if;
    v_garments := v_garments[1:cardinality(v_products)];
  end if;

  -- the balance row is locked from here to the end: starts by one user run one at a time
  v_sub := private.lock_subscription(uid);
  select * into v_plan from public.plans p where p.id = v_sub.plan;

  -- model: a catalogue model, or (Advanced) a described custom model, id 9999
  if start_generation.model_id = 9999 or start_generation.custom_model is not null then
    if not v_plan.custom_model then
      perform private.fail('Available only in Advanced Plan', 'advanced_only');
    end if;
    v_custom_model := nullif(btrim(start_generation.custom_model), '');
    if v_custom_model is null then
      perform private.fail('Please describe your custom model', 'custom_model_required');
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

  -- poses: one or more of the three, for the model's gender
  select coalesce(array_agg(distinct x order by x) filter (where x is not null), '{}')
    into v_poses from unnest(coalesce(start_generation.pose_ids, '{}'::integer[])) as x;
  if cardinality(v_poses) = 0 then
    perform private.fail('Please select a pose', 'pose_required');
  end if;
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
    v_background_name := 'Custom background';
  elsif start_generation.background_id is null then
    perform private.fail('Please select a background', 'background_required');
  else
    select * into v_background from public.backgrounds b where b.id = start_generation.background_id;
    if not found then
      perform private.fail('Selected background does not exist', 'background_not_found');
    end if;
    if (v_type = 'on-model' and not v_background.on_model) or (v_type = 'flat-lay' and not v_background.flat_lay) then
      perform private.fail('Selected background is not available for flat-lay projects', 'background_not_available');
    end if;
    v_background_name := v_background.name;
  end if;

  if v_name is not null and length(v_name) > 120 then
    perform private.fail('Project name is too long', 'name_too_long');
  end if;

  -- price: on-model = products x poses, flat-lay = 1 x poses, each image one credit
  select credits into v_unit from public.credit_prices where item = 'image';
  v_cost := v_unit * cardinality(v_poses) * case when v_type = 'on-model' then cardinality(v_products) else 1 end;

  -- charge (refused when short), then create everything
  v_charge := private.change_credits(uid, -v_cost, 'generation', 'project:' || v_project_id,
                                     jsonb_build_object('projectId', v_project_id, 'images', v_cost / v_unit));
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
    || case when v_type = 'flat-lay' then jsonb_build_object('garmentTypes', to_jsonb(v_garments)) else '{}'::jsonb end;

  insert into public.projects (id, user_id, name, type, status, model_id, custom_model, background_id,
    custom_background, background_blurred, pose_ids, product_paths, credits_charged, charge_id, metadata)
  values (v_project_id, uid, v_name, v_type, 'processing',
    case when v_custom_model is null then v_model.id end, v_custom_model,
    case when v_custom_background is null then v_background.id end, v_custom_background,
    v_blurred, v_poses, v_products, v_cost, v_charge.id, v_metadata);

  -- one image per product and pose (on-model), per pose (flat-lay: the outfit is one product)
  insert into public.images (project_id, user_id, original_path, original_url, pose_id, position, credit_cost, metadata)
  select v_project_id, uid, prod.path, f.public_url, pose.id, row_number() over (order by prod.n, pose.id), v_unit,
         jsonb_build_object('productPaths', to_jsonb(v_products))
  from unnest(case when v_type = 'on-model' then v_products else v_products[1:1] end) with ordinality as prod (path, n)
  cross join unnest(v_poses) as pose (id)
  left join public.uploaded_files f on f.file_path = prod.path and f.user_id = uid;

  insert into public.notifications (user_id, type, title, message, project_id, data)
  values (uid, 'project_created', 'Project created',
          format('Your project "%s" is being generated. This usually takes 1-2 minutes.', v_name),
          v_project_id, jsonb_build_object('projectName', v_name));

  perform private.log_activity(uid, 'project_created', format('Created project "%s"', v_name),
    jsonb_build_object('projectId', v_project_id, 'projectName', v_name, 'projectType', v_type)
    || case when v_type = 'on-model'
            then jsonb_build_object('modelName', v_model_name, 'backgroundName', v_background_name)
            else jsonb_build_object('poseCount', cardinality(v_poses)) end);

  -- wakes the generation dispatcher (delivered on commit)
  perform pg_notify('generation_jobs', v_project_id::text);
  return private.project_json(v_project_id);
end
$$;

revoke all on function
  public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[], text)
  from public, anon, authenticated;
grant execute on function
  public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[], text)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'

-- quote_generation's suggested name in the caller's language (the rest as in 20261122008000).
drop function if exists public.quote_generation(text, integer, integer);
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
  v_unit numeric(12,2);
  v_images integer;
  v_sub public.subscriptions;
begin
  if quote_generation.project_type is null or quote_generation.project_type not in ('on-model', 'flat-lay') then
    perform private.fail('Invalid project type', 'invalid_project_type');
  end if;
  if coalesce(quote_generation.product_count, 0) < 1 then
    perform private.fail('Please upload a product photo', 'product_required');
  end if;
  if coalesce(quote_generation.pose_count, 0) < 1 then
    perform private.fail('Please select a pose', 'pose_required');
  end if;
  select credits into v_unit from public.credit_prices where item = 'image';
  v_images := private.generation_images(quote_generation.project_type, quote_generation.product_count,
                                        quote_generation.pose_count);
  select * into v_sub from public.subscriptions s where s.user_id = uid;
  return jsonb_build_object(
    'images', v_images,
    'creditsPerImage', v_unit,
    'creditsNeeded', v_unit * v_images,
    'creditsRemaining', coalesce(v_sub.credits_remaining, 0),
    'enough', coalesce(v_sub.credits_remaining, 0) >= v_unit * v_images,
    'plan', coalesce(v_sub.plan, 'free'),
    -- the name start_generation gives a project left unnamed (at this moment)
    'suggestedName', private.next_untitled_name(uid, quote_generation.locale));
end
$$;

revoke all on function public.quote_generation(text, integer, integer, text) from public, anon, authenticated;
-- anon may call it too: it answers 'User not authenticated' like every client function
grant execute on function public.quote_generation(text, integer, integer, text) to anon, authenticated, service_role;
