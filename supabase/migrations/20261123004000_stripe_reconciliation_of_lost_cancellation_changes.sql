-- Reconciliation with Stripe, part two: a cancellation our database holds but Stripe may not,
-- and a failing payment whose webhook never arrived.
--
-- Since 20261123002300 the renewal job (renew_due_subscriptions → close_due_periods) ends a
-- Stripe-billed subscription that is cancelling at its period end: the account moves to free.
-- If the seller took the cancellation back at Stripe (the portal) and that
-- customer.subscription.updated delivery was lost, Stripe renews and keeps charging while we
-- had moved the seller to free. Now:
--
--   renew_due_subscriptions      leaves a Stripe-billed cancelling subscription alone at its
--                                period end for the hold time (private.stripe_cancel_hold(),
--                                24 hours unless the database setting
--                                app.stripe_cancel_hold_hours says otherwise), so that
--                                stripe-reconcile can ask Stripe first. After the hold the job
--                                ends it as before: a seller who cancelled never keeps a paid
--                                plan because Stripe could not be reached. close_due_periods
--                                itself is unchanged, so the webhook's deleted path
--                                (pay_sync_subscription) still ends at once.
--   claim_stripe_reconciliation  claims cancelling subscriptions too (after the same grace
--   / stripe_reconcile_due       time as the renewing ones) and says which they are
--                                (cancel_at_period_end in each claimed row).
--   finish_stripe_reconciliation applies the events as before (apply_payment_event: the
--                                webhook's path); for outcome 'ended' without events (Stripe
--                                still set to cancel, and has not ended it yet) it ends the
--                                period the renewal job's way (close_due_periods) at once.
--
-- What the function builds (supabase/functions/_shared/billing/reconcile.ts): Stripe ended the
-- subscription → customer.subscription.deleted; still cancelling → 'ended' (the job's way,
-- above); cancellation taken back → customer.subscription.updated (and invoice.paid for a paid
-- newer period, as the lost webhooks would have); past_due / unpaid while the row says active
-- → invoice.payment_failed.

-- How long the renewal job waits for stripe-reconcile before it ends a Stripe-billed
-- cancelling subscription itself. (Comment corrected later, nothing else changed: hosted
-- Supabase refuses `alter database … set`; the setting is the row stripe_cancel_hold_hours of
-- private.settings, docs/deploying.md#settings.)
create or replace function private.stripe_cancel_hold() returns interval
language sql stable
set search_path = ''
as $$
  select make_interval(secs => round(3600 * case
    when coalesce(current_setting('app.stripe_cancel_hold_hours', true), '') ~ '^\s*[0-9]+(\.[0-9]+)?\s*$'
    then btrim(current_setting('app.stripe_cancel_hold_hours', true))::numeric
    else 24 end)::double precision)
$$;

-- As in 20261122000800_billing_and_renewal.sql, holding Stripe-billed cancelling
-- subscriptions for private.stripe_cancel_hold() after their period end.
create or replace function public.renew_due_subscriptions(p_now timestamptz default null, only_user uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, private.app_now());
  v_hold interval := private.stripe_cancel_hold();
  r record;
  v_periods integer := 0;
  v_users integer := 0;
  v_downgraded integer := 0;
  v_closed integer;
  v_was_cancelling boolean;
begin
  for r in
    select s.user_id, s.cancel_at_period_end from public.subscriptions s
    where s.current_period_end <= v_now and (only_user is null or s.user_id = only_user)
      -- Stripe-billed and cancelling: stripe-reconcile asks Stripe first, until the hold is over
      and not (s.stripe_subscription_id is not null and s.cancel_at_period_end and s.plan <> 'free'
               and s.current_period_end > v_now - v_hold)
    order by s.current_period_end
    for update skip locked
  loop
    v_was_cancelling := r.cancel_at_period_end;
    v_closed := private.close_due_periods(r.user_id, v_now);
    if v_closed > 0 then
      v_users := v_users + 1;
      v_periods := v_periods + v_closed;
      if v_was_cancelling then
        v_downgraded := v_downgraded + 1;
      end if;
    end if;
  end loop;
  return jsonb_build_object('subscriptions', v_users, 'periods', v_periods, 'downgraded', v_downgraded);
end
$$;

-- As in 20261123003000, cancelling subscriptions included.
create or replace function private.stripe_reconcile_due(p_now timestamptz default null) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.subscriptions s
    left join private.stripe_reconciliation c on c.user_id = s.user_id
    where s.stripe_subscription_id is not null and s.plan <> 'free'
      and s.current_period_end <= coalesce(p_now, private.app_now())
      and (c.user_id is null or c.subscription_id <> s.stripe_subscription_id
           or c.period_end <> s.current_period_end or c.next_check_at <= coalesce(p_now, private.app_now())))
$$;

-- As in 20261123003000, cancelling subscriptions included; each claimed row says whether it
-- is cancelling (cancel_at_period_end).
create or replace function public.claim_stripe_reconciliation(
  grace_seconds integer default 3600, max_rows integer default 20, lease_seconds integer default 300,
  p_now timestamptz default null, only_subscription text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, private.app_now());
  r record;
  v_same boolean;
  v_attempts integer;
  v_out jsonb := '[]'::jsonb;
begin
  for r in
    select s.user_id, s.stripe_subscription_id, s.stripe_customer_id, s.plan, s.status,
           s.cancel_at_period_end, s.current_period_start, s.current_period_end,
           c.user_id as c_user, c.subscription_id as c_sub, c.period_end as c_end, c.attempts as c_attempts
    from public.subscriptions s
    left join private.stripe_reconciliation c on c.user_id = s.user_id
    where s.stripe_subscription_id is not null and s.plan <> 'free'
      and case when only_subscription is null
               then s.current_period_end <= v_now - make_interval(secs => greatest(coalesce(grace_seconds, 3600), 0))
                    and (c.user_id is null or c.subscription_id <> s.stripe_subscription_id
                         or c.period_end <> s.current_period_end or c.next_check_at <= v_now)
               else s.stripe_subscription_id = only_subscription and s.current_period_end <= v_now end
    order by c.checked_at nulls first, s.current_period_end
    limit greatest(coalesce(max_rows, 20), 0)
    for update of s skip locked
  loop
    if only_subscription is null and exists (
        select 1 from private.stripe_reconciliation x
        where x.user_id = r.user_id and x.subscription_id = r.stripe_subscription_id
          and x.period_end = r.current_period_end and x.next_check_at > v_now) then
      continue;
    end if;
    v_same := r.c_user is not null and r.c_sub = r.stripe_subscription_id and r.c_end = r.current_period_end;
    v_attempts := case when v_same then r.c_attempts + 1 else 1 end;
    insert into private.stripe_reconciliation as x
      (user_id, subscription_id, period_end, attempts, checked_at, next_check_at, updated_at)
    values (r.user_id, r.stripe_subscription_id, r.current_period_end, v_attempts, v_now,
            v_now + make_interval(secs => greatest(coalesce(lease_seconds, 300), 1)), now())
    on conflict (user_id) do update set
      subscription_id = excluded.subscription_id, period_end = excluded.period_end,
      attempts = excluded.attempts, checked_at = excluded.checked_at, next_check_at = excluded.next_check_at,
      last_outcome = case when v_same then x.last_outcome end,
      last_reason = case when v_same then x.last_reason end,
      updated_at = now();
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'user_id', r.user_id, 'subscription_id', r.stripe_subscription_id, 'customer_id', r.stripe_customer_id,
      'plan', r.plan, 'status', r.status, 'cancel_at_period_end', r.cancel_at_period_end,
      'current_period_start', r.current_period_start,
      'current_period_end', r.current_period_end, 'attempts', v_attempts));
  end loop;
  return v_out;
end
$$;

-- As in 20261123003000; outcome 'ended' without events (Stripe still set to cancel the
-- subscription our row is cancelling) ends the period the renewal job's way, now.
create or replace function public.finish_stripe_reconciliation(
  user_id uuid, subscription_id text, period_end timestamptz, outcome text, reason text default null,
  retry_after_seconds integer default null, details jsonb default '{}'::jsonb, events jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  c private.stripe_reconciliation;
  s public.subscriptions;
  e jsonb;
  v_results jsonb := '[]'::jsonb;
  v_next timestamptz := v_now + make_interval(secs => greatest(coalesce(retry_after_seconds, 900), 1));
  v_log boolean;
  v_customer text;
begin
  if outcome not in ('paid', 'ended', 'waiting', 'error') then
    raise exception 'Unknown reconciliation outcome: %', outcome;
  end if;
  select * into c from private.stripe_reconciliation x
    where x.user_id = finish_stripe_reconciliation.user_id for update;
  select s0.stripe_customer_id into v_customer from public.subscriptions s0
    where s0.user_id = finish_stripe_reconciliation.user_id;
  for e in select value from jsonb_array_elements(coalesce(events, '[]'::jsonb)) loop
    v_results := v_results || jsonb_build_array(
      jsonb_build_object('event_id', e ->> 'id', 'event_type', e ->> 'type') ||
      public.apply_payment_event(e ->> 'id', e ->> 'type', e -> 'action', coalesce(e -> 'payload', '{}'::jsonb)));
  end loop;
  if outcome = 'ended' and jsonb_array_length(v_results) = 0 then
    s := private.lock_subscription(finish_stripe_reconciliation.user_id);
    -- only the period Stripe was asked about, still cancelling, on the same subscription
    if s.stripe_subscription_id is not distinct from finish_stripe_reconciliation.subscription_id
       and s.cancel_at_period_end and s.current_period_end = finish_stripe_reconciliation.period_end
       and s.current_period_end <= v_now then
      v_results := jsonb_build_array(jsonb_build_object('event_type', 'renewal_job',
        'applied', true, 'periods', private.close_due_periods(finish_stripe_reconciliation.user_id, v_now)));
    else
      v_results := jsonb_build_array(jsonb_build_object('event_type', 'renewal_job',
        'applied', false, 'reason', 'not_cancelling'));
    end if;
  end if;
  v_log := jsonb_array_length(v_results) > 0 or c.user_id is null
    or c.last_outcome is distinct from outcome or c.last_reason is distinct from reason;
  insert into private.stripe_reconciliation as x
    (user_id, subscription_id, period_end, attempts, checked_at, next_check_at, last_outcome, last_reason, updated_at)
  values (finish_stripe_reconciliation.user_id, finish_stripe_reconciliation.subscription_id,
          finish_stripe_reconciliation.period_end, 1, v_now, v_next, outcome, reason, now())
  on conflict on constraint stripe_reconciliation_pkey do update set
    next_check_at = excluded.next_check_at, last_outcome = excluded.last_outcome,
    last_reason = excluded.last_reason, updated_at = now()
  where x.subscription_id = excluded.subscription_id and x.period_end = excluded.period_end;
  if v_log then
    perform private.log_billing(finish_stripe_reconciliation.user_id, 'stripe_reconciliation',
      jsonb_build_object('subscription_id', finish_stripe_reconciliation.subscription_id,
                         'outcome', outcome, 'reason', reason,
                         'period_end', finish_stripe_reconciliation.period_end,
                         'attempt', coalesce(c.attempts, 1),
                         'next_check_at', case when outcome in ('waiting', 'error') then v_next end,
                         'stripe', coalesce(details, '{}'::jsonb), 'results', v_results),
      v_customer, finish_stripe_reconciliation.subscription_id);
  end if;
  return jsonb_build_object('outcome', outcome, 'results', v_results, 'logged', v_log);
end
$$;

revoke all on function private.stripe_cancel_hold() from public;
