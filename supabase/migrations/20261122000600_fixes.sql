-- Fix requests (spec 2 §4, §5; spec 1 §7). Each plan includes free fixes per project
-- (free 0, lite 1, pro 2, advanced 3); after those a fix costs 1 credit. One pending fix
-- per project. The server decides; the app asks can_request_project_fix to show it.
--
-- Messages (errcode P0001) and hint codes:
--   'You already have a pending fix request for this project'   fix_pending
--   'Fixes can be requested only for completed projects'        project_not_completed
--   'Please describe the issue'                                 description_required
--   'Description is too long'                                   description_too_long
--   'Drawing not found'                                         annotated_image_invalid
--   'Image not found'                                           image_not_found
--   'Project not found'                                         project_not_found
--   'Insufficient credits. Need X but only have Y'              insufficient_credits

create or replace function private.fix_eligibility(p_user_id uuid, p_project_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  p public.projects;
  s public.subscriptions;
  v_free integer;
  v_used integer;
  v_remaining integer;
  v_cost numeric(12,2);
  v_will_pay boolean;
  v_reason text;
  v_code text;
begin
  select * into s from public.subscriptions where user_id = p_user_id;
  select free_fixes_per_project into v_free from public.plans where id = s.plan;
  select credits into v_cost from public.credit_prices where item = 'fix';
  select * into p from public.projects where id = p_project_id and user_id = p_user_id;
  select count(*) into v_used from public.fix_requests r where r.project_id = p_project_id and r.is_free;
  v_remaining := greatest(coalesce(v_free, 0) - v_used, 0);
  v_will_pay := v_remaining = 0;

  if p.id is null then
    v_reason := 'Project not found'; v_code := 'project_not_found';
  elsif exists (select 1 from public.fixes f where f.project_id = p.id and f.status = 'pending') then
    v_reason := 'You already have a pending fix request for this project'; v_code := 'fix_pending';
  elsif p.status <> 'completed' then
    v_reason := 'Fixes can be requested only for completed projects'; v_code := 'project_not_completed';
  elsif v_will_pay and coalesce(s.credits_remaining, 0) < v_cost then
    v_reason := format('Insufficient credits. Need %s but only have %s',
                       private.money2(v_cost), private.money2(coalesce(s.credits_remaining, 0)));
    v_code := 'insufficient_credits';
  end if;

  return jsonb_build_object(
    'can_request', v_reason is null,
    'reason', v_reason,
    'reason_code', v_code,
    'will_use_credits', v_will_pay,
    'free_fixes_remaining', v_remaining,
    'credits_remaining', coalesce(s.credits_remaining, 0),
    'plan', s.plan,
    'fix_cost', v_cost);
end
$$;

-- rpc('can_request_project_fix', {project_id}) →
-- {can_request, reason, reason_code, will_use_credits, free_fixes_remaining,
--  credits_remaining, plan, fix_cost}
create or replace function public.can_request_project_fix(project_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return private.fix_eligibility(private.require_user(), can_request_project_fix.project_id);
end
$$;

-- Creates the fix (pending) and its fix_request (is_free), charges 1 credit when the free
-- fixes are used up, records the activity and stores the notice for the fix workflow —
-- all at once. annotated_image is the drawing's object name in bucket 'fix-drawings'
-- ('{userId}/...'). Returns {fix, is_free, credits_charged, credits_remaining}.
create or replace function public.request_project_fix(
  project_id uuid, description text, annotated_image text default null, image_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects;
  v_description text := btrim(coalesce(request_project_fix.description, ''));
  v_drawing text := nullif(btrim(request_project_fix.annotated_image), '');
  v_eligibility jsonb;
  v_free boolean;
  v_fix public.fixes;
  v_charge public.credit_ledger;
  v_cost numeric(12,2) := 0;
  v_email text;
begin
  if v_description = '' then
    perform private.fail('Please describe the issue', 'description_required');
  end if;
  if length(v_description) > 2000 then
    perform private.fail('Description is too long', 'description_too_long');
  end if;
  if v_drawing is not null and split_part(v_drawing, '/', 1) <> uid::text then
    perform private.fail('Drawing not found', 'annotated_image_invalid');
  end if;

  -- lock order: project, then the balance
  select * into p from public.projects pr where pr.id = request_project_fix.project_id and pr.user_id = uid for update;
  if not found then
    perform private.fail('Project not found', 'project_not_found');
  end if;
  perform private.lock_subscription(uid);

  if request_project_fix.image_id is not null
     and not exists (select 1 from public.images i where i.id = request_project_fix.image_id and i.project_id = p.id) then
    perform private.fail('Image not found', 'image_not_found');
  end if;

  v_eligibility := private.fix_eligibility(uid, p.id);
  if not (v_eligibility ->> 'can_request')::boolean then
    if v_eligibility ->> 'reason_code' = 'insufficient_credits' then
      perform private.insufficient_credits((v_eligibility ->> 'fix_cost')::numeric, (v_eligibility ->> 'credits_remaining')::numeric);
    end if;
    perform private.fail(v_eligibility ->> 'reason', v_eligibility ->> 'reason_code');
  end if;
  v_free := not (v_eligibility ->> 'will_use_credits')::boolean;

  insert into public.fixes (project_id, user_id, image_id, annotated_image, description, status)
  values (p.id, uid, request_project_fix.image_id, v_drawing, v_description, 'pending')
  returning * into v_fix;

  if not v_free then
    v_cost := (v_eligibility ->> 'fix_cost')::numeric;
    v_charge := private.change_credits(uid, -v_cost, 'fix', 'fix:' || v_fix.id,
                                       jsonb_build_object('fixId', v_fix.id, 'projectId', p.id));
  end if;

  insert into public.fix_requests (user_id, project_id, fix_id, is_free, credits_charged, charge_id)
  values (uid, p.id, v_fix.id, v_free, v_cost, v_charge.id);

  perform private.log_activity(uid, 'fix_requested', format('Fix requested for "%s"', p.name),
    jsonb_build_object('projectId', p.id, 'projectName', p.name, 'projectType', p.type, 'fixId', v_fix.id,
                       'isFree', v_free, 'creditsUsed', v_cost));

  select u.email into v_email from auth.users u where u.id = uid;
  insert into public.outbound_notices (user_id, kind, payload)
  values (uid, 'fix_request', jsonb_build_object(
    'projectId', p.id, 'fixId', v_fix.id, 'imageId', request_project_fix.image_id,
    'annotatedImage', v_drawing, 'description', v_description, 'userEmail', v_email, 'userId', uid,
    'isFree', v_free, 'timestamp', to_jsonb(private.app_now())));

  return jsonb_build_object(
    'fix', to_jsonb(v_fix) || jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name)),
    'is_free', v_free,
    'credits_charged', v_cost,
    'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = uid));
end
$$;

revoke all on function private.fix_eligibility(uuid, uuid) from public;
revoke all on function public.can_request_project_fix(uuid), public.request_project_fix(uuid, text, text, uuid)
  from public, anon, authenticated;
grant execute on function public.can_request_project_fix(uuid), public.request_project_fix(uuid, text, text, uuid)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'
