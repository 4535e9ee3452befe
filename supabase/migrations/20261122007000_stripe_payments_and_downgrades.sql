-- Paying through Stripe: what the payment webhook applies, exactly once per event, and the
-- downgrade rule. The edge functions (supabase/functions/stripe-*, create-credit-checkout,
-- billing-portal, change-plan) call these with the service role; clients call none of them.
--
-- THE DOWNGRADE RULE (spec 2 §4, §5, §9). Plan rank: free 0, lite 1, pro 2, advanced 3.
--   A lower paid plan may be chosen only in the last 7 days before the period end. It is
--   scheduled (subscriptions.scheduled_plan) and takes effect at the next renewal: the plan
--   and credits of the current period stay as they are (no proration, no refund), the new
--   period is the lower plan's (its monthly credits; unused ones carry over as at every
--   renewal). Choosing the current plan again takes the scheduled downgrade back. Upgrades
--   are paid through checkout and start at once. The free plan is reached by cancelling.
--
-- EXACTLY ONCE (apply_payment_event). Each Stripe event is recorded by id
-- (record_payment_event) and its action applied in the same transaction, which holds the
-- event's row lock: a retry, a replay or a concurrent delivery of the same event changes
-- nothing. Different events about one fact converge: a period is granted once per period
-- start (activate_plan), a credit pack once per checkout session (grant_purchased_credits),
-- a purchase is logged once per invoice. Out of order: a period older than the current one
-- is stale and ignored; subscription state is read from Stripe by the function (the latest
-- state, whatever the event order) and applied only to the subscription the row holds.
--
-- Errors a person may see (P0001, code in HINT):
--   'Downgrade is available only in the last 7 days before the period end.'  downgrade_window
--        (DETAIL {"opens_at": "<timestamp>"})
--   'Upgrades are paid through checkout'                                        upgrade_requires_checkout
--   'Cancel your subscription to move to the free plan'                         downgrade_to_free
--   'The subscription is already cancelled at the period end'                   already_cancelling

alter table public.subscriptions
  add column scheduled_plan text references public.plans (id);
alter table public.subscriptions
  add constraint subscriptions_scheduled_plan_differs check (scheduled_plan is null or scheduled_plan <> plan);

comment on column public.subscriptions.scheduled_plan is
  'A downgrade chosen in the last 7 days of the period; it becomes the plan at the next renewal.';

-- activate_plan as before, and a plan that is paid for clears a scheduled downgrade.
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
    plan = activate_plan.plan, status = 'active', cancel_at_period_end = false, scheduled_plan = null,
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

-- The renewal of one user's ended periods (see *_billing_and_renewal.sql), now also applying
-- a scheduled downgrade: a pending cancellation wins (free), else the scheduled plan.
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
    v_plan := case when s.cancel_at_period_end then 'free' else coalesce(s.scheduled_plan, s.plan) end;
    if v_plan <> s.plan then
      update public.subscriptions set plan = v_plan, cancel_at_period_end = false, status = 'active',
        scheduled_plan = null,
        stripe_subscription_id = case when v_plan = 'free' then null else stripe_subscription_id end
      where user_id = p_user_id;
      insert into public.webhook_logs (user_id, event_type, customer_id, subscription_id, raw_data)
      values (p_user_id, 'subscription_plan_changed', s.stripe_customer_id, s.stripe_subscription_id,
              jsonb_build_object('userId', p_user_id, 'plan', v_plan, 'previous_plan', s.plan,
                                 'status', case when v_plan = 'free' then 'canceled' else 'active' end,
                                 'reason', case when s.cancel_at_period_end then 'cancel_at_period_end' else 'scheduled_downgrade' end,
                                 'effective_at', v_start, 'timestamp', to_jsonb(p_now)));
      select * into s from public.subscriptions where user_id = p_user_id;
    elsif s.scheduled_plan is not null then
      update public.subscriptions set scheduled_plan = null where user_id = p_user_id;
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

-- A billing row in the history source log (webhook_logs), shaped as spec 2 §3 reads it.
create or replace function private.log_billing(
  p_user_id uuid, p_event_type text, p_raw jsonb, p_customer_id text default null,
  p_subscription_id text default null, p_price_id text default null)
returns uuid
language sql
set search_path = ''
as $$
  insert into public.webhook_logs (user_id, event_type, customer_id, subscription_id, price_id, raw_data)
  values (p_user_id, p_event_type, p_customer_id, p_subscription_id, p_price_id,
          jsonb_build_object('userId', p_user_id, 'timestamp', to_jsonb(private.app_now())) || jsonb_strip_nulls(p_raw))
  returning id
$$;

-- rpc('schedule_plan_change', {user_id, plan}) (service role): schedules a downgrade under
-- the rule above, or takes a scheduled one back when plan is the current plan. Returns the
-- subscription row.
create or replace function public.schedule_plan_change(user_id uuid, plan text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.subscriptions;
  v_current public.plans;
  v_target public.plans;
  v_opens timestamptz;
begin
  s := private.lock_subscription(schedule_plan_change.user_id);
  select * into v_target from public.plans p where p.id = schedule_plan_change.plan;
  if not found then
    perform private.fail('Unknown plan', 'plan_not_found');
  end if;
  select * into v_current from public.plans p where p.id = s.plan;
  if v_target.id = s.plan then
    if s.scheduled_plan is not null then
      update public.subscriptions set scheduled_plan = null where subscriptions.user_id = s.user_id returning * into s;
      perform private.log_billing(s.user_id, 'subscription_updated',
        jsonb_build_object('plan', s.plan, 'status', 'downgrade_cancelled', 'current_period_end', s.current_period_end),
        s.stripe_customer_id, s.stripe_subscription_id);
    end if;
    return to_jsonb(s);
  end if;
  if v_target.rank > v_current.rank then
    perform private.fail('Upgrades are paid through checkout', 'upgrade_requires_checkout');
  end if;
  if v_target.id = 'free' then
    perform private.fail('Cancel your subscription to move to the free plan', 'downgrade_to_free');
  end if;
  if s.cancel_at_period_end then
    perform private.fail('The subscription is already cancelled at the period end', 'already_cancelling');
  end if;
  v_opens := s.current_period_end - interval '7 days';
  if private.app_now() < v_opens then
    perform private.fail('Downgrade is available only in the last 7 days before the period end.', 'downgrade_window',
      jsonb_build_object('opens_at', v_opens)::text);
  end if;
  if s.scheduled_plan is distinct from v_target.id then
    update public.subscriptions set scheduled_plan = v_target.id where subscriptions.user_id = s.user_id returning * into s;
    perform private.log_billing(s.user_id, 'subscription_updated',
      jsonb_build_object('plan', s.plan, 'scheduled_plan', v_target.id, 'status', 'downgrade_scheduled',
                         'effective_at', s.current_period_end, 'current_period_end', s.current_period_end),
      s.stripe_customer_id, s.stripe_subscription_id);
  end if;
  return to_jsonb(s);
end
$$;

-- rpc('record_checkout_started', {user_id, kind, session_id, details}) (service role): what a
-- checkout function logs once Stripe made the session. kind 'plan': a plan_determination row
-- {plan (current), determined_plan, price_id, amount, currency, status 'pending', session_id},
-- which the payment turns 'paid' (or the session's expiry 'expired'). kind 'credits': the
-- activity credits_purchase_initiated {credits, unitPrice, discountPercentage, finalAmount}.
create or replace function public.record_checkout_started(user_id uuid, kind text, session_id text, details jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.subscriptions;
begin
  select * into s from public.subscriptions x where x.user_id = record_checkout_started.user_id;
  if not found then
    perform private.fail('No subscription found for user', 'subscription_not_found');
  end if;
  if kind = 'plan' then
    return private.log_billing(s.user_id, 'plan_determination',
      jsonb_build_object('plan', s.plan, 'determined_plan', details ->> 'plan', 'price_id', details ->> 'price_id',
                         'amount', details -> 'amount', 'currency', coalesce(details ->> 'currency', 'eur'),
                         'status', 'pending', 'session_id', session_id),
      s.stripe_customer_id, null, details ->> 'price_id');
  elsif kind = 'credits' then
    return private.log_activity(s.user_id, 'credits_purchase_initiated',
      format('Credit purchase of %s credits started', details ->> 'credits'),
      jsonb_build_object('credits', (details ->> 'credits')::numeric, 'unitPrice', (details ->> 'unitPrice')::numeric,
                         'discountPercentage', (details ->> 'discountPercentage')::numeric,
                         'finalAmount', (details ->> 'finalAmount')::numeric, 'sessionId', session_id),
      jsonb_build_object('credits', (details ->> 'credits')::numeric, 'unitPrice', (details ->> 'unitPrice')::numeric,
                         'discountPercentage', (details ->> 'discountPercentage')::numeric,
                         'finalAmount', (details ->> 'finalAmount')::numeric));
  end if;
  perform private.fail('Unknown checkout kind', 'invalid_kind');
  return null;
end
$$;

-- The user a payment event is about: metadata user_id when it names a subscriber, else the
-- subscriber with this Stripe customer or subscription.
create or replace function private.payment_event_user(p_action jsonb) returns uuid
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select s.user_id from public.subscriptions s
      where p_action ->> 'user_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        and s.user_id = (p_action ->> 'user_id')::uuid),
    (select s.user_id from public.subscriptions s where s.stripe_subscription_id = p_action ->> 'subscription_id'),
    (select s.user_id from public.subscriptions s where s.stripe_customer_id = p_action ->> 'customer_id'))
$$;

-- A paid subscription period (checkout completed, or an invoice paid).
create or replace function private.pay_activate(p_user uuid, a jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  s public.subscriptions;
  v_start timestamptz := (a ->> 'period_start')::timestamptz;
  v_end timestamptz := (a ->> 'period_end')::timestamptz;
  v_sub text := a ->> 'subscription_id';
  v_reference text := coalesce(a ->> 'invoice_id', a ->> 'session_id');
  v_amount numeric := case when a ? 'amount_cents' and a ->> 'amount_cents' is not null
                           then round((a ->> 'amount_cents')::numeric / 100, 2) end;
  v_cycle boolean := a ->> 'billing_reason' = 'subscription_cycle';
  v_previous_plan text;
  v_previous_sub text;
  v_pending uuid;
begin
  s := private.lock_subscription(p_user);
  -- stale: a period that was granted before and has been followed by a later one (a late or
  -- replayed event, or a replaced subscription's); a period never granted is not stale even
  -- when the free plan's own period moved on meanwhile
  if s.current_period_start > v_start and exists (
      select 1 from public.credit_ledger l
      where l.user_id = p_user and l.reason = 'plan_grant' and l.reference = private.period_ref(v_start)) then
    return jsonb_build_object('applied', false, 'reason', 'stale_period');
  end if;
  v_previous_plan := s.plan;
  v_previous_sub := s.stripe_subscription_id;
  perform public.activate_plan(p_user, a ->> 'plan', v_start, v_end, a ->> 'customer_id', v_sub);

  -- the purchase, once per invoice (or session when there is no invoice)
  if v_reference is not null and not exists (
      select 1 from public.webhook_logs w
      where w.user_id = p_user and w.event_type in ('plan_determination', 'subscription_updated')
        and w.raw_data ->> 'reference' = v_reference) then
    if v_cycle then
      perform private.log_billing(p_user, 'subscription_updated',
        jsonb_build_object('plan', a ->> 'plan', 'status', 'renewed', 'amount', v_amount,
                           'currency', coalesce(a ->> 'currency', 'eur'), 'reference', v_reference,
                           'current_period_end', v_end),
        a ->> 'customer_id', v_sub, a ->> 'price_id');
    else
      select w.id into v_pending from public.webhook_logs w
        where w.user_id = p_user and w.event_type = 'plan_determination' and w.raw_data ->> 'status' = 'pending'
          and (w.raw_data ->> 'session_id' = a ->> 'session_id'
               or (a ->> 'session_id' is null and w.raw_data ->> 'determined_plan' = a ->> 'plan'))
        order by (w.raw_data ->> 'session_id' = a ->> 'session_id') desc nulls last, w.created_at desc
        limit 1;
      if v_pending is not null then
        update public.webhook_logs w set
          subscription_id = v_sub, customer_id = coalesce(a ->> 'customer_id', w.customer_id),
          raw_data = w.raw_data || jsonb_strip_nulls(jsonb_build_object(
            'status', 'paid', 'amount', v_amount, 'currency', coalesce(a ->> 'currency', 'eur'),
            'reference', v_reference, 'paid_at', to_jsonb(private.app_now()), 'current_period_end', v_end))
        where w.id = v_pending;
      else
        perform private.log_billing(p_user, 'plan_determination',
          jsonb_build_object('plan', v_previous_plan, 'determined_plan', a ->> 'plan', 'status', 'paid',
                             'amount', v_amount, 'currency', coalesce(a ->> 'currency', 'eur'),
                             'reference', v_reference, 'session_id', a ->> 'session_id',
                             'current_period_end', v_end),
          a ->> 'customer_id', v_sub, a ->> 'price_id');
      end if;
    end if;
  end if;
  return jsonb_build_object('applied', true, 'plan', a ->> 'plan', 'previous_plan', v_previous_plan,
    'replaced_subscription_id', case when v_previous_sub is distinct from v_sub then v_previous_sub end);
end
$$;

-- Subscription state from Stripe (created, updated, deleted): status, cancellation, a lower
-- price chosen for the next period, the end of the subscription. Only for the subscription
-- the row holds; another one (replaced, or not activated yet) is ignored.
create or replace function private.pay_sync_subscription(p_user uuid, a jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  s public.subscriptions;
  v_cancel boolean := coalesce((a ->> 'cancel_at_period_end')::boolean, false);
  v_status text := case
    when a ->> 'status' in ('active', 'trialing') then 'active'
    when a ->> 'status' in ('past_due', 'unpaid', 'incomplete', 'paused') then 'past_due'
    else 'canceled' end;
  v_deleted boolean := coalesce((a ->> 'deleted')::boolean, false) or a ->> 'status' in ('canceled', 'incomplete_expired');
  v_ended timestamptz := (a ->> 'ended_at')::timestamptz;
  v_plan public.plans;
  v_current public.plans;
begin
  s := private.lock_subscription(p_user);
  if s.stripe_subscription_id is distinct from a ->> 'subscription_id' then
    return jsonb_build_object('applied', false, 'reason', 'other_subscription');
  end if;
  if v_deleted then
    if not s.cancel_at_period_end then
      perform public.set_subscription_cancellation(p_user, true);
    end if;
    -- ended before the period did (cancelled at once): the period ends now
    if v_ended is not null and v_ended < s.current_period_end then
      update public.subscriptions set current_period_end = greatest(v_ended, current_period_start + interval '1 second')
        where user_id = p_user;
    end if;
    perform private.close_due_periods(p_user, greatest(private.app_now(), coalesce(v_ended, private.app_now())));
    return jsonb_build_object('applied', true, 'ended', true);
  end if;
  if v_cancel <> s.cancel_at_period_end then
    perform public.set_subscription_cancellation(p_user, v_cancel);
  end if;
  if v_status <> s.status then
    update public.subscriptions set status = v_status where user_id = p_user;
  end if;
  select * into v_current from public.plans p where p.id = s.plan;
  select * into v_plan from public.plans p where p.id = a ->> 'plan';
  if found then
    if v_plan.rank < v_current.rank and v_plan.id <> 'free' and s.scheduled_plan is distinct from v_plan.id then
      update public.subscriptions set scheduled_plan = v_plan.id where user_id = p_user;
      perform private.log_billing(p_user, 'subscription_updated',
        jsonb_build_object('plan', s.plan, 'scheduled_plan', v_plan.id, 'status', 'downgrade_scheduled',
                           'effective_at', s.current_period_end, 'current_period_end', s.current_period_end),
        s.stripe_customer_id, s.stripe_subscription_id);
    elsif v_plan.id = s.plan and s.scheduled_plan is not null then
      update public.subscriptions set scheduled_plan = null where user_id = p_user;
    end if;
  end if;
  return jsonb_build_object('applied', true);
end
$$;

-- An invoice that could not be paid: the subscription is past due until Stripe's retries
-- succeed (invoice paid) or give up (subscription deleted).
create or replace function private.pay_failed(p_user uuid, a jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare s public.subscriptions;
begin
  s := private.lock_subscription(p_user);
  if s.stripe_subscription_id is distinct from a ->> 'subscription_id' then
    return jsonb_build_object('applied', false, 'reason', 'other_subscription');
  end if;
  update public.subscriptions set status = 'past_due' where user_id = p_user;
  perform private.log_billing(p_user, 'subscription_updated',
    jsonb_build_object('plan', s.plan, 'status', 'payment_failed',
                       'amount', case when a ->> 'amount_cents' is not null then round((a ->> 'amount_cents')::numeric / 100, 2) end,
                       'currency', coalesce(a ->> 'currency', 'eur'), 'reference', a ->> 'invoice_id',
                       'attempt_count', (a ->> 'attempt_count')::integer),
    s.stripe_customer_id, s.stripe_subscription_id, a ->> 'price_id');
  return jsonb_build_object('applied', true);
end
$$;

-- rpc('apply_payment_event', {event_id, event_type, action, payload}) (service role) → {duplicate,
-- applied, …}. action.kind: 'activate_plan' {plan, period_start, period_end, customer_id,
-- subscription_id, invoice_id, session_id, amount_cents, currency, price_id, billing_reason},
-- 'grant_credits' {credits, reference, amount_cents, currency, customer_id}, 'sync_subscription'
-- {subscription_id, status, cancel_at_period_end, plan, deleted, ended_at}, 'payment_failed'
-- {subscription_id, invoice_id, amount_cents, currency, attempt_count}, 'checkout_expired'
-- {session_id}, or 'ignore'. Every action may name user_id and customer_id. An event about no
-- subscriber of ours is recorded and answered {applied: false, reason: 'unknown_user'}.
create or replace function public.apply_payment_event(
  event_id text, event_type text, action jsonb, payload jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.payment_event_user(action);
  v_kind text := coalesce(action ->> 'kind', 'ignore');
  v_result jsonb;
  v_grant jsonb;
begin
  if nullif(btrim(event_id), '') is null then
    perform private.fail('An event needs an id', 'reference_required');
  end if;
  if not public.record_payment_event(event_id, event_type, payload, v_user) then
    return jsonb_build_object('duplicate', true, 'applied', false);
  end if;
  if v_kind <> 'ignore' and v_user is null then
    v_result := jsonb_build_object('applied', false, 'reason', 'unknown_user');
  elsif v_kind = 'activate_plan' then
    v_result := private.pay_activate(v_user, action);
  elsif v_kind = 'grant_credits' then
    if action ->> 'customer_id' is not null then
      update public.subscriptions set stripe_customer_id = action ->> 'customer_id'
        where user_id = v_user and stripe_customer_id is null
          and not exists (select 1 from public.subscriptions x where x.stripe_customer_id = action ->> 'customer_id');
    end if;
    v_grant := public.grant_purchased_credits(v_user, (action ->> 'credits')::numeric, action ->> 'reference',
      (action ->> 'amount_cents')::integer, coalesce(action ->> 'currency', 'eur'));
    v_result := jsonb_build_object('applied', (v_grant ->> 'granted')::boolean, 'credits_remaining', v_grant -> 'credits_remaining');
  elsif v_kind = 'sync_subscription' then
    v_result := private.pay_sync_subscription(v_user, action);
  elsif v_kind = 'payment_failed' then
    v_result := private.pay_failed(v_user, action);
  elsif v_kind = 'checkout_expired' then
    update public.webhook_logs w set raw_data = w.raw_data || jsonb_build_object('status', 'expired')
      where w.user_id = v_user and w.event_type = 'plan_determination' and w.raw_data ->> 'status' = 'pending'
        and w.raw_data ->> 'session_id' = action ->> 'session_id';
    v_result := jsonb_build_object('applied', true);
  else
    v_result := jsonb_build_object('applied', false, 'reason', 'ignored');
  end if;
  perform public.mark_payment_event_processed(event_id);
  return jsonb_build_object('duplicate', false, 'user_id', v_user) || v_result;
end
$$;

revoke all on function private.log_billing(uuid, text, jsonb, text, text, text), private.payment_event_user(jsonb),
  private.pay_activate(uuid, jsonb), private.pay_sync_subscription(uuid, jsonb), private.pay_failed(uuid, jsonb)
  from public;
revoke all on function public.schedule_plan_change(uuid, text), public.record_checkout_started(uuid, text, text, jsonb),
  public.apply_payment_event(text, text, jsonb, jsonb),
  public.activate_plan(uuid, text, timestamptz, timestamptz, text, text)
  from public, anon, authenticated;
grant execute on function public.schedule_plan_change(uuid, text), public.record_checkout_started(uuid, text, text, jsonb),
  public.apply_payment_event(text, text, jsonb, jsonb),
  public.activate_plan(uuid, text, timestamptz, timestamptz, text, text)
  to service_role;
