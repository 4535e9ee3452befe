-- A custom video style's description is at most 500 characters (what the app's field allows,
-- src/features/video/rules.ts CUSTOM_DESCRIPTION_MAX), now on the server too: the browser's
-- maxlength is a convenience, not a rule a direct rpc() call has to follow.
--   request_project_video refuses a longer description (after trimming) with
--     'The custom video style can be at most 500 characters'   custom_video_style_too_long
--   and the column has a check constraint, so no other path can store one either.
-- Descriptions stored before (only a call that went around the app could make one) are cut
-- to 500 characters first, so the constraint holds for every row.

update public.projects set video_custom_description = left(video_custom_description, 500)
  where char_length(video_custom_description) > 500;
alter table public.projects
  add constraint projects_video_custom_description_length
  check (video_custom_description is null or char_length(video_custom_description) <= 500);

-- request_project_video as in 20261122000500_projects.sql, with the length rule.
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
