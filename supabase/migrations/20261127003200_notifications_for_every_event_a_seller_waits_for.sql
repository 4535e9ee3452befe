-- Every event a seller waits for is a stored notification (issue 21: the bell told only of
-- projects created and completed). Each row carries the values the app needs to say it in the
-- seller's language (data), is delivered live by Realtime (the notifications table is in the
-- publication) and shown as a toast when the app-notifications setting is on:
--
--   video_completed / video_failed   projects.video_status becomes completed / failed
--                                    data {projectName}
--   fix_processing / fix_completed / fix_rejected
--                                    fixes.status becomes processing / completed / rejected
--                                    data {projectName, fixId}
--   payment_received                 a credit pack is paid (ledger 'purchase' with the amount
--                                    paid; credits an operator grants without one are no payment)
--                                    data {credits, amountCents, currency}
--   credits_added                    a plan grants its credits, at purchase and at each renewal
--                                    (ledger 'plan_grant') data {credits, plan}
--   credits_refunded                 credits come back (ledger 'refund': a failed or rejected
--                                    image, a failed video, a rejected fix, a failed tool job)
--                                    data {credits, chargeReason, projectName?}
--   plan_changed                     subscriptions.plan changes (purchase, downgrade at
--                                    renewal, end of a cancelled plan) data {plan, previousPlan}
--
-- The stored title and message are English (like the existing ones); the app words them from
-- data in the seller's language.

alter table public.notifications drop constraint if exists notifications_type_check;
alter table public.notifications add constraint notifications_type_check check (type in (
  'project_created', 'project_completed', 'project_failed', 'project_rejected',
  'credits_low', 'credits_empty',
  'video_completed', 'video_failed',
  'fix_processing', 'fix_completed', 'fix_rejected',
  'payment_received', 'credits_added', 'credits_refunded', 'plan_changed'));

-- Video ready or failed.
create or replace function private.tg_notify_video() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.video_status is distinct from old.video_status and new.video_status in ('completed', 'failed') then
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id,
            case new.video_status when 'completed' then 'video_completed' else 'video_failed' end,
            case new.video_status when 'completed' then 'Video ready' else 'Video failed' end,
            case new.video_status
              when 'completed' then format('The video of "%s" is ready.', new.name)
              else format('The video of "%s" could not be made. Your credits have been refunded.', new.name) end,
            new.id, jsonb_build_object('projectName', new.name));
  end if;
  return new;
end
$$;
create trigger notify_video after update of video_status on public.projects
  for each row execute function private.tg_notify_video();

-- A fix taken up, finished or rejected by the team.
create or replace function private.tg_notify_fix() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  if new.status is distinct from old.status and new.status in ('processing', 'completed', 'rejected') then
    select p.name into v_name from public.projects p where p.id = new.project_id;
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id, 'fix_' || new.status,
            case new.status when 'processing' then 'Fix in progress'
                            when 'completed' then 'Fix completed' else 'Fix rejected' end,
            case new.status
              when 'processing' then format('Our team is working on your fix for "%s".', v_name)
              when 'completed' then format('Your fix for "%s" is ready.', v_name)
              else format('Your fix request for "%s" was rejected.', v_name) end,
            new.project_id, jsonb_build_object('projectName', v_name, 'fixId', new.id));
  end if;
  return new;
end
$$;
create trigger notify_fix after update of status on public.fixes
  for each row execute function private.tg_notify_fix();

-- Payment received (a pack), plan credits added, credits refunded.
create or replace function private.tg_notify_credits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_charge public.credit_ledger;
  v_name text;
begin
  if new.reason = 'purchase' and new.details ->> 'amountCents' is not null then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'payment_received', 'Payment received',
            format('Your payment was received: %s credits were added to your balance.', private.format_credits(new.amount)),
            jsonb_build_object('credits', new.amount, 'amountCents', new.details -> 'amountCents',
                               'currency', coalesce(new.details ->> 'currency', 'eur')));
  elsif new.reason = 'plan_grant' then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'credits_added', 'Credits added',
            format('%s credits of your plan were added to your balance.', private.format_credits(new.amount)),
            jsonb_build_object('credits', new.amount, 'plan', new.details ->> 'plan'));
  elsif new.reason = 'refund' then
    select * into v_charge from public.credit_ledger c where c.id = new.refund_of;
    select p.name into v_name from public.projects p
      where p.id = coalesce((v_charge.details ->> 'projectId')::uuid, (new.details ->> 'projectId')::uuid);
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'credits_refunded', 'Credits refunded',
            format('%s credits were refunded to your balance.', private.format_credits(new.amount)),
            jsonb_build_object('credits', new.amount, 'chargeReason', v_charge.reason)
            || case when v_name is null then '{}'::jsonb else jsonb_build_object('projectName', v_name) end);
  end if;
  return new;
end
$$;
create trigger notify_credits after insert on public.credit_ledger
  for each row execute function private.tg_notify_credits();

-- The plan changed.
create or replace function private.tg_notify_plan() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.plan is distinct from old.plan then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'plan_changed', 'Plan changed',
            format('Your plan is now %s.', initcap(new.plan)),
            jsonb_build_object('plan', new.plan, 'previousPlan', old.plan));
  end if;
  return new;
end
$$;
create trigger notify_plan after update of plan on public.subscriptions
  for each row execute function private.tg_notify_plan();

revoke all on function private.tg_notify_video(), private.tg_notify_fix(), private.tg_notify_credits(),
  private.tg_notify_plan() from public;
