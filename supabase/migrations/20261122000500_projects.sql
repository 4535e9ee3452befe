-- Projects and images: starting a generation (validate, price, charge, create — one
-- transaction), image outcomes (project status, refunds, notifications), the dispatch
-- queue for the generation workers, rename / archive / unarchive, and video requests.
--
-- Messages (errcode P0001) and their hint codes:
--   'User not authenticated'                                     not_authenticated
--   'Invalid project type'                                       invalid_project_type
--   'Please upload a product photo'                              product_required
--   'Only one photo can be uploaded per generation cycle. Please remove the existing photo first.'
--                                                                too_many_products
--   'Product photo not found'                                    product_not_found
--   'Please select a garment type'                               garment_type_required
--   'Please select a model'                                      model_required
--   'Selected model does not exist'                              model_not_found
--   'Available only in Advanced Plan'                            advanced_only
--   'Please describe your custom model'                          custom_model_required
--   'Please select a pose'                                       pose_required
--   'Selected pose does not exist'                               pose_not_found
--   'Please select a background'                                 background_required
--   'Selected background does not exist'                         background_not_found
--   'Selected background is not available for flat-lay projects' background_not_available
--   'Please describe your custom background'                     custom_background_required
--   'Project name cannot be empty'                               name_required
--   'Project name is too long'                                   name_too_long
--   'Insufficient credits. Need X but only have Y'               insufficient_credits
--   'Project not found'                                          project_not_found
--   'Only completed projects can be archived'                    project_not_completed
--   'Only archived projects can be unarchived'                   project_not_archived
--   'Video generation is available only on the Advanced plan'    video_requires_advanced
--   'Please select a video style'                                video_style_required
--   'Selected video style does not exist'                        video_style_not_found
--   'Please describe your custom video style'                    custom_video_style_required
--   'Videos can be created only from completed projects'         project_not_completed
--   'A video is already being generated for this project'        video_in_progress

-- The project as the app reads it: the row plus its images.
create or replace function private.project_json(p_project_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select to_jsonb(p) || jsonb_build_object('images', coalesce((
    select jsonb_agg(to_jsonb(i) order by i.position, i.id) from public.images i where i.project_id = p.id), '[]'::jsonb))
  from public.projects p where p.id = p_project_id
$$;

-- 'Untitled Project' when no name of the user starts with it; otherwise 'Untitled Project'
-- followed directly by the highest numeric suffix + 1 (spec 2 §5). Caller holds the
-- user's subscription lock, so two generations cannot pick the same name.
create or replace function private.next_untitled_name(p_user_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select case when count(*) = 0 then 'Untitled Project'
              else 'Untitled Project' || (coalesce(max(
                     nullif(substring(substr(p.name, 17) from '^\s*([0-9]{1,18})'), '')::numeric), 0) + 1)::text
         end
  from public.projects p
  where p.user_id = p_user_id and left(p.name, 16) = 'Untitled Project'
$$;

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
  garment_types text[] default null)
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
  if v_name is null then
    v_name := private.next_untitled_name(uid);
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

-- Image outcomes ----------------------------------------------------------------------

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

-- The generation queue (service role) ---------------------------------------------------

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

-- Claims up to max_jobs images to generate: pending ones, and processing ones whose lease
-- ran out (a worker died). An image that has been tried max_attempts times fails (and is
-- refunded) instead. Returns a JSON array, one object per image with what a provider needs.
create or replace function public.claim_generation_jobs(
  worker text, max_jobs integer default 5, lease_seconds integer default 300, max_attempts integer default 3)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_ids uuid[];
begin
  -- give up on images that keep failing to finish
  perform private.fail_stuck_images(v_now, max_attempts);

  with picked as (
    select i.id from public.images i
    join public.projects p on p.id = i.project_id and p.status = 'processing'
    where i.status = 'pending' or (i.status = 'processing' and i.lease_expires_at < v_now)
    order by i.created_at, i.position
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

-- Rename / archive / unarchive (the signed-in owner) -----------------------------------

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

-- Video (spec 2 §4 "Video request"): Advanced plan, a completed (or archived) project with
-- a generated image, a preset style or a described custom one; charges 3 credits and sets
-- video_status pending with the style, all at once. Returns the project.
create or replace function public.request_project_video(
  project_id uuid, video_style text, custom_description text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects;
  v_plan public.plans;
  v_style text := nullif(btrim(request_project_video.video_style), '');
  v_custom text := nullif(btrim(request_project_video.custom_description), '');
  v_price numeric(12,2);
  v_charge public.credit_ledger;
begin
  -- lock order everywhere: project -> image -> subscription
  p := private.own_project(request_project_video.project_id, uid);
  perform private.lock_subscription(uid);
  select pl.* into v_plan from public.subscriptions s join public.plans pl on pl.id = s.plan where s.user_id = uid;
  if not v_plan.video then
    perform private.fail('Video generation is available only on the Advanced plan', 'video_requires_advanced');
  end if;
  if v_style is null then
    perform private.fail('Please select a video style', 'video_style_required');
  end if;
  if v_style = 'custom' then
    if not v_plan.custom_video_style then
      perform private.fail('Available only in Advanced Plan', 'advanced_only');
    end if;
    if v_custom is null then
      perform private.fail('Please describe your custom video style', 'custom_video_style_required');
    end if;
  elsif not exists (select 1 from public.video_styles vs where vs.id = v_style) then
    perform private.fail('Selected video style does not exist', 'video_style_not_found');
  else
    v_custom := null;
  end if;
  if p.status not in ('completed', 'archived')
     or not exists (select 1 from public.images i where i.project_id = p.id and i.status = 'completed') then
    perform private.fail('Videos can be created only from completed projects', 'project_not_completed');
  end if;
  if p.video_status in ('pending', 'processing') then
    perform private.fail('A video is already being generated for this project', 'video_in_progress');
  end if;
  select credits into v_price from public.credit_prices where item = 'video';
  v_charge := private.change_credits(uid, -v_price, 'video', null,
    jsonb_build_object('projectId', p.id, 'videoStyle', v_style));
  update public.projects set video_status = 'pending', video_style = v_style, video_custom_description = v_custom,
    video_url = null, video_path = null, video_error = null, video_requested_at = now(), video_charge_id = v_charge.id
  where id = p.id;
  perform private.log_activity(uid, 'video_requested', format('Video requested for "%s"', p.name),
    jsonb_build_object('projectId', p.id, 'projectName', p.name, 'videoStyle', v_style, 'creditsUsed', v_price));
  perform pg_notify('video_jobs', p.id::text);
  return private.project_json(p.id);
end
$$;

-- The video's outcome (service role). A failed video gives its 3 credits back, once.
create or replace function public.report_video_outcome(
  project_id uuid, status text, video_path text default null, video_url text default null, error text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.projects;
begin
  if status not in ('processing', 'completed', 'failed') then
    perform private.fail('Unknown video status', 'invalid_status');
  end if;
  select * into p from public.projects where id = report_video_outcome.project_id for update;
  if not found then
    perform private.fail('Project not found', 'project_not_found');
  end if;
  if p.video_status in ('pending', 'processing') then
    update public.projects set
      video_status = report_video_outcome.status,
      video_path = coalesce(report_video_outcome.video_path, projects.video_path),
      video_url = coalesce(report_video_outcome.video_url, projects.video_url),
      video_error = report_video_outcome.error
    where id = p.id;
    if status = 'failed' and p.video_charge_id is not null then
      perform private.refund(p.video_charge_id, null, 'ledger:' || p.video_charge_id,
                             jsonb_build_object('projectId', p.id, 'note', 'video failed'));
    end if;
  end if;
  return private.project_json(p.id);
end
$$;

revoke all on function private.project_json(uuid), private.next_untitled_name(uuid), private.tg_images_status(),
  private.fail_stuck_images(timestamptz, integer),
  private.tg_images_project_status(), private.tg_projects_status(), private.own_project(uuid, uuid) from public;
revoke all on function
  public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[]),
  public.claim_generation_jobs(text, integer, integer, integer),
  public.report_image_outcome(uuid, text, text, text, text, text, text),
  public.rename_project(uuid, text), public.archive_project(uuid), public.unarchive_project(uuid),
  public.request_project_video(uuid, text, text),
  public.report_video_outcome(uuid, text, text, text, text)
  from public, anon, authenticated;
grant execute on function
  public.start_generation(text, text[], integer[], integer, integer, boolean, text, text, text, text[]),
  public.rename_project(uuid, text), public.archive_project(uuid), public.unarchive_project(uuid),
  public.request_project_video(uuid, text, text)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'
grant execute on function
  public.claim_generation_jobs(text, integer, integer, integer),
  public.report_image_outcome(uuid, text, text, text, text, text, text),
  public.report_video_outcome(uuid, text, text, text, text)
  to service_role;
