-- The fix dialog says before sending whether this fix is free — "n of m free fixes left for
-- this project" — or costs 1 credit, and what the balance will be (issue 21: a free seller's
-- first fix took her last credit by surprise). can_request_project_fix (private.fix_eligibility)
-- now also answers `free_fixes_per_project`, the m: the plan's free fixes per project. The
-- rest as in 20261123005000_fixes_on_archived_projects.sql.
create or replace function private.fix_eligibility(p_user_id uuid, p_project_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  p public.projects;
  s public.subscriptions;
  v_free integer;
  v_used integer := 0;
  v_remaining integer;
  v_cost numeric(12,2);
  v_will_pay boolean;
  v_reason text;
  v_code text;
begin
  select * into s from public.subscriptions where user_id = p_user_id;
  select free_fixes_per_project into v_free from public.plans where id = s.plan;
  select credits into v_cost from public.credit_prices where item = 'fix';
  -- the caller's own project, or nothing: nothing below reads a row of another seller
  select * into p from public.projects where id = p_project_id and user_id = p_user_id;
  if p.id is not null then
    select count(*) into v_used from public.fix_requests r where r.project_id = p.id and r.is_free;
  end if;
  v_remaining := greatest(coalesce(v_free, 0) - v_used, 0);
  v_will_pay := v_remaining = 0;

  if p.id is null then
    v_reason := 'Project not found'; v_code := 'project_not_found';
  elsif exists (select 1 from public.fixes f where f.project_id = p.id and f.status = 'pending') then
    v_reason := 'You already have a pending fix request for this project'; v_code := 'fix_pending';
  elsif p.status not in ('completed', 'archived') then
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
    'free_fixes_per_project', coalesce(v_free, 0),
    'credits_remaining', coalesce(s.credits_remaining, 0),
    'plan', s.plan,
    'fix_cost', v_cost);
end
$$;

revoke all on function private.fix_eligibility(uuid, uuid) from public;
