-- Plans, periods and purchases.
--
-- THE RENEWAL RULE (renew_due_subscriptions, run on a schedule: pg_cron on hosted
-- Supabase, a timer in the local stack):
--   A subscription's period ends at current_period_end. For each period that has ended:
--   1. A pending cancellation (cancel_at_period_end) takes effect: the plan becomes free.
--   2. Unused plan credits carry over, up to two months' worth of the plan of the new
--      period (2 x its monthly credits); the rest expire (ledger reason 'expiry').
--   3. The plan's monthly credits are granted for the new period (reason 'plan_grant').
--   4. Purchased credits never expire and are never touched.
--   5. The new period starts where the old one ended and ends a whole number of months
--      after the billing anchor (so Jan 31 -> Feb 28 -> Mar 31, without drift).
--   credits_used restarts at 0. Periods missed while nothing ran are closed one by one.
--   Each grant is recorded once per period (reference 'period:<start>'), so the scheduler
--   and a payment webhook (activate_plan) can never both grant the same period.
--
-- Server functions (service role only):
--   renew_due_subscriptions(p_now) · run_scheduled_jobs(p_now) · activate_plan(...) ·
--   set_subscription_cancellation(...) · grant_purchased_credits(...) ·
--   record_payment_event(...) · mark_payment_event_processed(...)
-- Client function: credit_pack_quote(credits, plan) — the price of a credit pack.

create or replace function private.period_ref(p_start timestamptz) returns text
language sql immutable
set search_path = ''
as $$ select 'period:' || to_char(p_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') $$;

-- The first anchor + k months (k >= 1) that is later than p_after, in UTC.
create or replace function private.next_period_end(p_anchor timestamptz, p_after timestamptz) returns timestamptz
language plpgsql stable
set search_path = ''
set timezone = 'UTC'
as $$
declare
  k integer := greatest((extract(year from age(p_after, p_anchor)) * 12 + extract(month from age(p_after, p_anchor)))::integer, 1);
  v timestamptz;
begin
  loop
    v := p_anchor + make_interval(months => k);
    exit when v > p_after;
    k := k + 1;
  end loop;
  return v;
end
$$;

-- Starts a new period for a locked subscription row: carry over, expire, grant. Does not
-- move the period dates (the caller does). Returns the credits granted.
create or replace function private.grant_period(s public.subscriptions, p_plan text, p_period_start timestamptz)
returns numeric
language plpgsql
set search_path = ''
as $$
declare
  v_monthly numeric(12,2);
  v_carry numeric(12,2);
  v_expired numeric(12,2);
  v_ref text := private.period_ref(p_period_start);
begin
  if exists (select 1 from public.credit_ledger l
             where l.user_id = s.user_id and l.reason = 'plan_grant' and l.reference = v_ref) then
    return 0;
  end if;
  select monthly_credits into v_monthly from public.plans where id = p_plan;
  v_carry := least(s.plan_credits, 2 * v_monthly);
  v_expired := s.plan_credits - v_carry;
  if v_expired > 0 then
    perform private.change_credits(s.user_id, -v_expired, 'expiry', v_ref,
      jsonb_build_object('plan', p_plan, 'carriedOver', v_carry, 'cap', 2 * v_monthly), -v_expired, 0);
  end if;
  if v_monthly > 0 then
    perform private.change_credits(s.user_id, v_monthly, 'plan_grant', v_ref,
      jsonb_build_object('plan', p_plan, 'carriedOver', v_carry, 'periodStart', p_period_start), v_monthly, 0);
  end if;
  return v_monthly;
end
$$;

-- Closes every ended period of one user (see the rule above). Returns periods closed.
create or replace function private.close_due_periods(p_user_id uuid, p_now timestamptz) returns integer
language plpgsql
set search_path = ''
as $$
declare
  s public.subscriptions;
  v_plan text;
  v_start timestamptz;
  v_end timestamptz;
  n integer := 0;
begin
  s := private.lock_subscription(p_user_id);
  while s.current_period_end <= p_now and n < 120 loop
    v_start := s.current_period_end;
    v_end := private.next_period_end(s.period_anchor, v_start);
    v_plan := case when s.cancel_at_period_end then 'free' else s.plan end;
    if v_plan <> s.plan then
      update public.subscriptions set plan = v_plan, cancel_at_period_end = false, status = 'active',
        stripe_subscription_id = null
      where user_id = p_user_id;
      insert into public.webhook_logs (user_id, event_type, customer_id, subscription_id, raw_data)
      values (p_user_id, 'subscription_plan_changed', s.stripe_customer_id, s.stripe_subscription_id,
              jsonb_build_object('userId', p_user_id, 'plan', v_plan, 'previous_plan', s.plan,
                                 'status', 'canceled', 'reason', 'cancel_at_period_end',
                                 'effective_at', v_start, 'timestamp', to_jsonb(p_now)));
      select * into s from public.subscriptions where user_id = p_user_id;
    end if;
    perform private.grant_period(s, v_plan, v_start);
    update public.subscriptions set current_period_start = v_start, current_period_end = v_end, credits_used = 0
      where user_id = p_user_id
      returning * into s;
    n := n + 1;
  end loop;
  return n;
end
$$;

-- rpc('renew_due_subscriptions', {p_now?, only_user?}) (service role) → {subscriptions,
-- periods, downgraded}. p_now defaults to the clock; only_user limits the run to one
-- subscription (an operator fixing one account, or a test moving one user's clock).
create or replace function public.renew_due_subscriptions(p_now timestamptz default null, only_user uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, private.app_now());
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

-- What the schedule runs: renewals, and images whose worker vanished after the last
-- attempt are failed (and so refunded) even when no dispatcher is running.
create or replace function public.run_scheduled_jobs(p_now timestamptz default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, private.app_now());
  v_renewals jsonb;
  v_failed integer;
begin
  v_renewals := public.renew_due_subscriptions(v_now);
  v_failed := private.fail_stuck_images(v_now - interval '10 minutes', 3);
  return jsonb_build_object('renewals', v_renewals, 'stuck_images_failed', v_failed);
end
$$;

-- A paid period starts (payment webhook, service role): sets the plan and period, grants
-- the plan's monthly credits for it once (carry-over rule as above), clears a pending
-- cancellation. Returns the subscription.
create or replace function public.activate_plan(
  user_id uuid, plan text, period_start timestamptz, period_end timestamptz,
  stripe_customer_id text default null, stripe_subscription_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.subscriptions;
  v_previous text;
begin
  if not exists (select 1 from public.plans p where p.id = activate_plan.plan) then
    perform private.fail('Unknown plan', 'plan_not_found');
  end if;
  if period_end is null or period_start is null or period_end <= period_start then
    perform private.fail('Invalid billing period', 'invalid_period');
  end if;
  s := private.lock_subscription(activate_plan.user_id);
  v_previous := s.plan;
  update public.subscriptions set
    plan = activate_plan.plan, status = 'active', cancel_at_period_end = false,
    stripe_customer_id = coalesce(activate_plan.stripe_customer_id, subscriptions.stripe_customer_id),
    stripe_subscription_id = coalesce(activate_plan.stripe_subscription_id, subscriptions.stripe_subscription_id)
  where subscriptions.user_id = activate_plan.user_id
  returning * into s;
  perform private.grant_period(s, activate_plan.plan, activate_plan.period_start);
  update public.subscriptions set
    period_anchor = case when current_period_start = activate_plan.period_start then period_anchor
                         else activate_plan.period_start end,
    credits_used = case when current_period_start = activate_plan.period_start then credits_used else 0 end,
    current_period_start = activate_plan.period_start,
    current_period_end = activate_plan.period_end
  where subscriptions.user_id = activate_plan.user_id
  returning * into s;
  if v_previous <> activate_plan.plan then
    insert into public.webhook_logs (user_id, event_type, customer_id, subscription_id, raw_data)
    values (s.user_id, 'subscription_plan_changed', s.stripe_customer_id, s.stripe_subscription_id,
            jsonb_build_object('userId', s.user_id, 'plan', s.plan, 'previous_plan', v_previous, 'status', 'active',
                               'timestamp', to_jsonb(private.app_now())));
  end if;
  return to_jsonb(s);
end
$$;

-- Cancel at period end, or take the cancellation back (billing portal webhook).
create or replace function public.set_subscription_cancellation(user_id uuid, cancel boolean) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare s public.subscriptions;
begin
  s := private.lock_subscription(set_subscription_cancellation.user_id);
  if s.plan = 'free' and cancel then
    perform private.fail('The free plan cannot be cancelled', 'free_plan');
  end if;
  update public.subscriptions set cancel_at_period_end = coalesce(cancel, false)
    where subscriptions.user_id = set_subscription_cancellation.user_id
    returning * into s;
  insert into public.webhook_logs (user_id, event_type, customer_id, subscription_id, raw_data)
  values (s.user_id, 'subscription_updated', s.stripe_customer_id, s.stripe_subscription_id,
          jsonb_build_object('userId', s.user_id, 'plan', s.plan,
                             'status', case when cancel then 'cancel_at_period_end' else 'active' end,
                             'current_period_end', s.current_period_end, 'timestamp', to_jsonb(private.app_now())));
  return to_jsonb(s);
end
$$;

-- A paid credit pack (payment webhook, service role). Purchased credits never expire.
-- Once per reference (e.g. the checkout session id). Returns {granted, credits_remaining,
-- ledger_id}; granted is false when this reference was already granted.
create or replace function public.grant_purchased_credits(
  user_id uuid, credits numeric, reference text, amount_cents integer default null, currency text default 'eur')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.subscriptions;
  l public.credit_ledger;
  v_new boolean;
begin
  if credits is null or credits <= 0 then
    perform private.fail('Amount must be positive', 'invalid_amount');
  end if;
  if nullif(btrim(reference), '') is null then
    perform private.fail('A purchase needs a reference', 'reference_required');
  end if;
  s := private.lock_subscription(grant_purchased_credits.user_id);
  v_new := not exists (select 1 from public.credit_ledger cl where cl.user_id = s.user_id
                       and cl.reason = 'purchase' and cl.reference = grant_purchased_credits.reference);
  l := private.change_credits(s.user_id, credits, 'purchase', grant_purchased_credits.reference,
    jsonb_build_object('amountCents', amount_cents, 'currency', lower(currency)), 0, credits);
  if v_new then
    insert into public.webhook_logs (user_id, event_type, customer_id, raw_data)
    values (s.user_id, 'credit_purchase_processed', s.stripe_customer_id,
            jsonb_build_object('userId', s.user_id, 'credits_added', credits,
                               'previous_credits', s.credits_remaining, 'new_credits', l.balance_after,
                               'amount', case when amount_cents is null then null else round(amount_cents / 100.0, 2) end,
                               'currency', lower(currency), 'status', 'completed', 'plan', s.plan,
                               'reference', grant_purchased_credits.reference,
                               'timestamp', to_jsonb(private.app_now())));
  end if;
  return jsonb_build_object('granted', v_new, 'credits_remaining',
    (select x.credits_remaining from public.subscriptions x where x.user_id = s.user_id), 'ledger_id', l.id);
end
$$;

-- Payment webhook idempotency: true when the event still needs processing (first time
-- seen, or seen but not marked processed); false when it was processed before.
create or replace function public.record_payment_event(
  event_id text, event_type text, payload jsonb default '{}'::jsonb, user_id uuid default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare v_processed timestamptz;
begin
  insert into public.payment_events (id, type, user_id, payload)
  values (event_id, event_type, record_payment_event.user_id, coalesce(payload, '{}'::jsonb))
  on conflict (id) do nothing;
  select processed_at into v_processed from public.payment_events where id = event_id for update;
  return v_processed is null;
end
$$;

create or replace function public.mark_payment_event_processed(event_id text) returns void
language sql
security definer
set search_path = ''
as $$
  update public.payment_events set processed_at = coalesce(processed_at, now()) where id = event_id
$$;

-- rpc('credit_pack_quote', {credits, plan?}) → {credits, plan, unit_price, discount_percent,
-- amount_cents, currency, purchasable, contact_sales}. Slider values: 25..500 in steps of
-- 25 without 350 and 375; 500 is for sales. Unit price by plan, volume discount by size;
-- total = credits x unit price x (1 - discount), in cents, rounded (spec 2 §9).
create or replace function public.credit_pack_quote(credits integer, plan text default null) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_plan public.plans;
  v_discount numeric(5,2);
begin
  if credits is null or credits < 25 or credits > 500 or credits % 25 <> 0 or credits in (350, 375) then
    perform private.fail('Invalid credit amount', 'invalid_credit_amount');
  end if;
  select p.* into v_plan from public.plans p
    where p.id = coalesce(credit_pack_quote.plan,
                          (select s.plan from public.subscriptions s where s.user_id = auth.uid()), 'free');
  if not found then
    perform private.fail('Unknown plan', 'plan_not_found');
  end if;
  select coalesce(max(d.discount_percent), 0) into v_discount
    from public.credit_volume_discounts d where d.min_credits <= credits;
  return jsonb_build_object(
    'credits', credits,
    'plan', v_plan.id,
    'unit_price', v_plan.extra_credit_unit_price_eur,
    'discount_percent', v_discount,
    'amount_cents', round(credits * v_plan.extra_credit_unit_price_eur * (1 - v_discount / 100) * 100)::integer,
    'currency', 'eur',
    'purchasable', v_plan.can_buy_credit_packs and credits < 500,
    'contact_sales', credits >= 500);
end
$$;

revoke all on function private.period_ref(timestamptz), private.next_period_end(timestamptz, timestamptz),
  private.grant_period(public.subscriptions, text, timestamptz), private.close_due_periods(uuid, timestamptz)
  from public;
revoke all on function public.renew_due_subscriptions(timestamptz, uuid), public.run_scheduled_jobs(timestamptz),
  public.activate_plan(uuid, text, timestamptz, timestamptz, text, text),
  public.set_subscription_cancellation(uuid, boolean),
  public.grant_purchased_credits(uuid, numeric, text, integer, text),
  public.record_payment_event(text, text, jsonb, uuid), public.mark_payment_event_processed(text),
  public.credit_pack_quote(integer, text)
  from public, anon, authenticated;
grant execute on function public.renew_due_subscriptions(timestamptz, uuid), public.run_scheduled_jobs(timestamptz),
  public.activate_plan(uuid, text, timestamptz, timestamptz, text, text),
  public.set_subscription_cancellation(uuid, boolean),
  public.grant_purchased_credits(uuid, numeric, text, integer, text),
  public.record_payment_event(text, text, jsonb, uuid), public.mark_payment_event_processed(text)
  to service_role;
grant execute on function public.credit_pack_quote(integer, text) to anon, authenticated, service_role;

-- The schedule on hosted Supabase (pg_cron). The local stack has no pg_cron; its timer
-- (supabase/local/jobs) runs the same function. If pg_cron is enabled after this
-- migration ran, run this block again.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('drape-scheduled-jobs', '*/5 * * * *', 'select public.run_scheduled_jobs()');
  end if;
end
$$;
