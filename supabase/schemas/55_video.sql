-- Video (spec 2 §4 "Video request"): Advanced plan, a completed (or archived) project with
-- a generated image, a preset style or a described custom one; charges 3 credits and sets
-- video_status pending with the style, all at once. Returns the project.
create or replace function private.request_project_video(
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
    if char_length(v_custom) > 500 then
      perform private.fail('The custom video style can be at most 500 characters', 'custom_video_style_too_long');
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

-- request_project_video with a request id: a repeat answers the first outcome (private.claim_request).
create or replace function public.request_project_video(
  project_id uuid, video_style text, custom_description text default null, request_id text default null)
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
  v_first := private.claim_request(uid, request_project_video.request_id, 'video', jsonb_build_object(
    'project_id', request_project_video.project_id, 'video_style', request_project_video.video_style,
    'custom_description', request_project_video.custom_description));
  if v_first is not null then
    return coalesce(private.project_json((v_first ->> 'id')::uuid), v_first) || jsonb_build_object('replayed', true);
  end if;
  v_project := private.request_project_video(request_project_video.project_id, request_project_video.video_style,
    request_project_video.custom_description);
  perform private.settle_request(uid, request_project_video.request_id,
    jsonb_build_object('id', v_project -> 'id', 'name', v_project -> 'name',
                       'video_charge_id', v_project -> 'video_charge_id'));
  return v_project || jsonb_build_object('replayed', false);
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

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.tg_projects_video_request() from public;
revoke all on function private.video_jobs_json(p_ids uuid[]) from public;
revoke all on function public.report_video_outcome(project_id uuid, status text, video_path text, video_url text, error text) from anon, authenticated, public;
revoke all on function public.request_project_video(project_id uuid, video_style text, custom_description text, request_id text) from public;
revoke all on function private.request_project_video(project_id uuid, video_style text, custom_description text) from public, anon, authenticated, service_role;
