-- The low-credit threshold is a plan fact like the others (spec 1 §4: 3 credits or fewer on
-- a paid plan): stored on public.plans, read by the low-credits trigger and by the app, so
-- neither repeats the number.
alter table public.plans
  add column low_credit_threshold numeric(12,2) not null default 3 check (low_credit_threshold >= 0);

comment on column public.plans.low_credit_threshold is
  'With low_credit_alerts: a balance at or below this many credits is low (notification, notice, app prompt).';

create or replace function private.tg_subscriptions_low_credits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_alerts boolean;
  v_threshold numeric;
  v_email text;
begin
  if new.credits_remaining >= old.credits_remaining then
    return new;
  end if;
  select p.low_credit_alerts, p.low_credit_threshold into v_alerts, v_threshold
  from public.plans p where p.id = new.plan;
  if not coalesce(v_alerts, false) or new.credits_remaining > v_threshold then
    return new;
  end if;
  if old.low_credit_notified_at is not null and old.low_credit_notified_at > v_now - interval '15 minutes' then
    return new;
  end if;
  new.low_credit_notified_at := v_now;

  if new.credits_remaining <= 0 then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'credits_empty', 'Out of Credits',
            'You have run out of credits. Purchase more to continue.',
            jsonb_build_object('credits', new.credits_remaining, 'plan', new.plan));
  else
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'credits_low', 'Low Credits',
            format('You have only %s credits left. Purchase more to continue.', private.format_credits(new.credits_remaining)),
            jsonb_build_object('credits', new.credits_remaining, 'plan', new.plan));
  end if;

  select u.email into v_email from auth.users u where u.id = new.user_id;
  insert into public.outbound_notices (user_id, kind, payload)
  values (new.user_id, 'low_credits',
          jsonb_build_object('email', v_email, 'userId', new.user_id, 'creditsRemaining', new.credits_remaining,
                             'plan', new.plan, 'timestamp', to_jsonb(v_now)));
  perform private.log_activity(new.user_id, 'low_credits_notification',
    format('Low credits: %s remaining', private.format_credits(new.credits_remaining)),
    jsonb_build_object('creditsRemaining', new.credits_remaining, 'plan', new.plan));
  return new;
end
$$;
