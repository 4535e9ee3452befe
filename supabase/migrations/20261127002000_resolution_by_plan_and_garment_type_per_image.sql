-- What a seller pays for reaches the result (issue 17):
-- - images.resolution: the plan's resolution (HD / 2K / 4K) when the image was charged,
--   set as start_generation inserts the image, so a plan change while it waits does not
--   change what was paid for; the engine renders at it (image_jobs_json).
-- - images.width / images.height: the stored result's real pixel size, recorded by
--   finish_engine_job; the detail page and the download dialog state it.
-- - image_jobs_json: each image carries the garment type of its own product photo (a flat-lay
--   of a top and trousers has one per photo), and a custom model no longer borrows a
--   catalogue photo: providers get the seller's description.

alter table public.images
  add column resolution text check (resolution in ('HD', '2K', '4K')),
  add column width integer check (width > 0),
  add column height integer check (height > 0);

comment on column public.images.resolution is
  'the plan''s resolution when the image was charged (HD 1024x1536, 2K long side 2048, 4K long side 4096)';
comment on column public.images.width is 'pixel width of the stored result';
comment on column public.images.height is 'pixel height of the stored result';

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
revoke all on function private.tg_images_resolution() from public;

create trigger resolution_from_plan before insert on public.images
  for each row execute function private.tg_images_resolution();

-- images already made were rendered at 1024 x 1536 whatever the plan; one still waiting is
-- rendered at its plan's resolution (image_jobs_json falls back to it)
update public.images set resolution = 'HD' where resolution is null and status = 'completed';

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
    left join public.backgrounds b on b.id = p.background_id
    left join public.poses po on po.id = i.pose_id and po.gender = coalesce(m.gender, p.metadata ->> 'gender', 'women')
    where i.id = any (p_ids));
end
$$;


revoke all on function private.image_jobs_json(uuid[]) from public;

drop function public.finish_engine_job(text, uuid, integer, text, text, text, text, text);

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
  end if;
  return jsonb_build_object('changed', v_changed, 'status', v_status);
end
$$;


revoke all on function public.finish_engine_job(text, uuid, integer, text, text, text, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.finish_engine_job(text, uuid, integer, text, text, text, text, text, integer, integer)
  to service_role;
