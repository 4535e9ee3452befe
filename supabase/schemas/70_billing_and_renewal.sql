-- Payment provider events already processed (webhook idempotency).
create table public.payment_events (
  id text primary key,
  type text not null,
  user_id uuid references auth.users (id) on delete set null,
  payload jsonb not null default '{}'::jsonb,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
alter table public.payment_events enable row level security;

create table private.stripe_reconciliation (
  user_id uuid primary key references public.subscriptions (user_id) on delete cascade,
  -- the subscription and the ended period being checked; a new period starts a new count
  subscription_id text not null,
  period_end timestamptz not null,
  attempts integer not null default 0,
  checked_at timestamptz,
  -- claimed (lease) or backed off until then
  next_check_at timestamptz not null,
  last_outcome text,
  last_reason text,
  updated_at timestamptz not null default now()
);

comment on table private.stripe_reconciliation is
  'When each Stripe-billed subscription whose period ended was last checked at Stripe, and when it is checked again (stripe-reconcile).';

-- What each credit pack's checkout was quoted (spec 2 §9): the seller, the plan the price came
-- from (the seller's plan when the checkout was made), the pack, its amount and currency, the
-- browser's request id (one quote per seller action) and the Checkout Session it was sold
-- through. The payment webhook grants a pack only from this row, and only when the session
-- was paid exactly this amount in this currency: nothing in a session's metadata decides.
create table private.credit_pack_quotes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.subscriptions (user_id) on delete cascade,
  request_id text not null,
  plan text not null,
  credits integer not null check (credits > 0),
  unit_price numeric(10,2) not null,
  discount_percent numeric(5,2) not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'eur',
  session_id text unique,
  -- open until its session is paid: granted, or refused (paid another amount or currency)
  status text not null default 'open' check (status in ('open', 'granted', 'refused')),
  paid_amount_cents integer,
  paid_currency text,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (user_id, request_id)
);

comment on table private.credit_pack_quotes is
  'The price each credit-pack checkout was quoted on the seller''s plan; the payment webhook grants only what a row says, when paid its amount.';

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

-- Starts a new period for a locked subscription row: carry over (remembered as the period's
-- rollover_credits), expire, grant. Does not move the period dates (the caller does). Returns
-- the credits granted.
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
  -- what the credits dropdown shows as rollover from previous cycles
  update public.subscriptions set rollover_credits = v_carry where user_id = s.user_id;
  return v_monthly;
end
$$;

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
    -- billed by Stripe and renewing: the paid invoice starts the next period, not the clock
    if s.stripe_subscription_id is not null and not s.cancel_at_period_end then
      exit;
    end if;
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

-- The quote as create-credit-checkout answers it (credit_pack_quote's shape, plus its id).
create or replace function private.credit_quote_json(q private.credit_pack_quotes) returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'quote_id', q.id, 'credits', q.credits, 'plan', q.plan, 'unit_price', q.unit_price,
    'discount_percent', q.discount_percent, 'amount_cents', q.amount_cents, 'currency', q.currency,
    'purchasable', true, 'contact_sales', false)
$$;

-- rpc('quote_credit_pack', {user_id, credits, request_id}) (service role): a pack's price on
-- the seller's plan now (credit_pack_quote), kept as the quote its payment must match
-- (private.credit_pack_quotes). One quote per request id: the same request again answers the
-- same quote, even if the plan changed since; the same request id for another pack size is
-- refused (request_reused). A pack that cannot be bought (free plan, 500 credits) is answered
-- as credit_pack_quote answers it, and nothing is kept.
create or replace function public.quote_credit_pack(user_id uuid, credits integer, request_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.subscriptions;
  q private.credit_pack_quotes;
  v jsonb;
begin
  if request_id is null or request_id !~ '^[A-Za-z0-9_-]{8,100}$' then
    perform private.fail('Invalid request', 'request_id_invalid');
  end if;
  select * into q from private.credit_pack_quotes x
    where x.user_id = quote_credit_pack.user_id and x.request_id = quote_credit_pack.request_id;
  if found then
    if q.credits is distinct from quote_credit_pack.credits then
      perform private.fail('This request was already made with other details. Please try again.', 'request_reused');
    end if;
    return private.credit_quote_json(q);
  end if;
  select * into s from public.subscriptions x where x.user_id = quote_credit_pack.user_id;
  if not found then
    perform private.fail('No subscription found for user', 'subscription_not_found');
  end if;
  v := public.credit_pack_quote(credits, s.plan);
  if not (v ->> 'purchasable')::boolean then
    return v || jsonb_build_object('quote_id', null);
  end if;
  insert into private.credit_pack_quotes as x
    (user_id, request_id, plan, credits, unit_price, discount_percent, amount_cents, currency)
  values (s.user_id, quote_credit_pack.request_id, v ->> 'plan', credits, (v ->> 'unit_price')::numeric,
          (v ->> 'discount_percent')::numeric, (v ->> 'amount_cents')::integer, v ->> 'currency')
  on conflict on constraint credit_pack_quotes_user_id_request_id_key do nothing
  returning * into q;
  if q.id is null then
    -- the same request, a moment earlier (a double tap): its quote
    return public.quote_credit_pack(quote_credit_pack.user_id, quote_credit_pack.credits, quote_credit_pack.request_id);
  end if;
  return private.credit_quote_json(q);
end
$$;

-- rpc('attach_credit_quote_session', {quote_id, session_id}) (service role): the Checkout
-- Session a quote is sold through, once Stripe made it. Again with the same session (a
-- retried request Stripe answered with its first session) changes nothing; a quote already
-- sold through another session is refused (request_reused).
create or replace function public.attach_credit_quote_session(quote_id uuid, session_id text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if nullif(btrim(session_id), '') is null then
    perform private.fail('A purchase needs a reference', 'reference_required');
  end if;
  update private.credit_pack_quotes q set session_id = attach_credit_quote_session.session_id
    where q.id = quote_id and (q.session_id is null or q.session_id = attach_credit_quote_session.session_id);
  if not found then
    perform private.fail('This request was already made with other details. Please try again.', 'request_reused');
  end if;
end
$$;

-- A paid credit pack ('grant_credits' {reference: the session id, amount_cents, currency,
-- customer_id}): the credits of the session's quote, granted to the quote's seller, only when
-- the session was paid the quote's amount in its currency. A session without a quote, or paid
-- another amount, grants nothing: the quote turns 'refused' and a credit_purchase_refused row
-- tells the operator what was paid and what was quoted. (A session made before quotes were
-- kept is priced on the seller's own plan when paid, below.)
create or replace function private.pay_credit_pack(p_user uuid, a jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  q private.credit_pack_quotes;
  v_paid integer := (a ->> 'amount_cents')::integer;
  v_currency text := lower(a ->> 'currency');
  v_grant jsonb;
  v_refusal jsonb;
  v_legacy jsonb;
begin
  select * into q from private.credit_pack_quotes x where x.session_id = a ->> 'reference' for update;
  if not found and p_user is not null and a ->> 'metadata_credits' ~ '^[0-9]{1,6}$' then
    -- a session made before quotes were kept (opened before the deploy, paid after it): priced
    -- now on the seller's own plan, never the plan its metadata names, and granted only when
    -- paid exactly that; kept as its quote, so it is settled once like the others
    v_legacy := public.credit_pack_quote((a ->> 'metadata_credits')::integer,
      (select s.plan from public.subscriptions s where s.user_id = p_user));
    if (v_legacy ->> 'purchasable')::boolean and (v_legacy ->> 'amount_cents')::integer = v_paid
       and v_legacy ->> 'currency' = v_currency then
      insert into private.credit_pack_quotes as x
        (user_id, request_id, plan, credits, unit_price, discount_percent, amount_cents, currency, session_id)
      values (p_user, 'session:' || (a ->> 'reference'), v_legacy ->> 'plan', (v_legacy ->> 'credits')::integer,
              (v_legacy ->> 'unit_price')::numeric, (v_legacy ->> 'discount_percent')::numeric, v_paid, v_currency,
              a ->> 'reference')
      on conflict do nothing;
      select * into q from private.credit_pack_quotes x where x.session_id = a ->> 'reference' for update;
    end if;
  end if;
  if q.id is null or v_paid is distinct from q.amount_cents or v_currency is distinct from q.currency then
    v_refusal := jsonb_build_object(
      'reason', case when q.id is null then 'no_quote' else 'amount_mismatch' end,
      'reference', a ->> 'reference', 'paid_cents', v_paid, 'paid_currency', v_currency,
      'quoted_cents', q.amount_cents, 'quoted_currency', q.currency, 'credits', q.credits, 'plan', q.plan);
    if q.id is not null then
      update private.credit_pack_quotes x set status = 'refused', paid_amount_cents = v_paid,
        paid_currency = v_currency, settled_at = now()
        where x.id = q.id and x.status <> 'granted';
    end if;
    insert into public.webhook_logs (user_id, event_type, customer_id, raw_data)
    values (coalesce(q.user_id, p_user), 'credit_purchase_refused', a ->> 'customer_id',
            v_refusal || jsonb_build_object('timestamp', to_jsonb(private.app_now())));
    return jsonb_build_object('applied', false) || v_refusal;
  end if;
  if a ->> 'customer_id' is not null then
    update public.subscriptions set stripe_customer_id = a ->> 'customer_id'
      where user_id = q.user_id and stripe_customer_id is null
        and not exists (select 1 from public.subscriptions x where x.stripe_customer_id = a ->> 'customer_id');
  end if;
  v_grant := public.grant_purchased_credits(q.user_id, q.credits, q.session_id, v_paid, q.currency);
  update private.credit_pack_quotes x set status = 'granted', paid_amount_cents = v_paid,
    paid_currency = v_currency, settled_at = coalesce(x.settled_at, now())
    where x.id = q.id;
  return jsonb_build_object('applied', (v_grant ->> 'granted')::boolean, 'credits', q.credits,
    'credits_remaining', v_grant -> 'credits_remaining');
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
  -- applied already: this period is the current one, granted, on this plan and subscription
  -- (the other of invoice.paid / invoice.payment_succeeded, a replay, the checkout's event)
  if s.current_period_start = v_start and s.plan = a ->> 'plan' and s.stripe_subscription_id is not distinct from v_sub
     and exists (select 1 from public.credit_ledger l
                 where l.user_id = p_user and l.reason = 'plan_grant' and l.reference = private.period_ref(v_start)) then
    return jsonb_build_object('applied', false, 'reason', 'already_applied');
  end if;
  v_previous_plan := s.plan;
  v_previous_sub := s.stripe_subscription_id;
  perform public.activate_plan(p_user, a ->> 'plan', v_start, v_end, a ->> 'customer_id', v_sub);

  -- the purchase, once per invoice (or session when there is no invoice)
  if v_reference is not null and not exists (
      select 1 from public.webhook_logs w
      where w.user_id = p_user and w.event_type in ('plan_determination', 'subscription_updated')
        and w.raw_data ->> 'reference' = v_reference
        -- a payment logged (the invoice's failed attempts are logged under its id too)
        and w.raw_data ->> 'status' in ('paid', 'renewed')) then
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

-- A delayed payment that failed (checkout.session.async_payment_failed): a plan's pending
-- plan_determination row turns 'failed', a pack logs credits_purchase_failed; the seller gets
-- the notification purchase_failed. Nothing is granted.
create or replace function private.pay_checkout_failed(p_user uuid, a jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_kind text := coalesce(a ->> 'purchase', 'credits');
  v_amount numeric := case when a ->> 'amount_cents' is not null then round((a ->> 'amount_cents')::numeric / 100, 2) end;
  v_credits numeric := nullif(a ->> 'credits', '')::numeric;
begin
  if v_kind = 'plan' then
    update public.webhook_logs w set raw_data = w.raw_data || jsonb_build_object('status', 'failed')
      where w.user_id = p_user and w.event_type = 'plan_determination' and w.raw_data ->> 'status' = 'pending'
        and w.raw_data ->> 'session_id' = a ->> 'session_id';
  else
    perform private.log_activity(p_user, 'credits_purchase_failed',
      format('Credit purchase of %s credits failed', coalesce(private.format_credits(v_credits), '?')),
      jsonb_build_object('credits', v_credits, 'finalAmount', v_amount, 'sessionId', a ->> 'session_id'),
      jsonb_build_object('credits', v_credits, 'finalAmount', v_amount, 'sessionId', a ->> 'session_id'));
  end if;
  insert into public.notifications (user_id, type, title, message, data)
  values (p_user, 'purchase_failed', 'Payment failed',
          case when v_kind = 'plan'
            then format('Your payment for the %s plan did not go through. Your plan has not changed.', initcap(a ->> 'plan'))
            else format('Your payment for %s credits did not go through. No credits were added.',
                        coalesce(private.format_credits(v_credits), '?')) end,
          jsonb_build_object('kind', v_kind, 'amountCents', (a ->> 'amount_cents')::integer,
                             'currency', coalesce(a ->> 'currency', 'eur'))
          || case when v_kind = 'plan' then jsonb_build_object('plan', a ->> 'plan')
                  else jsonb_build_object('credits', v_credits) end);
  return jsonb_build_object('applied', true);
end
$$;

-- rpc('apply_payment_event', {event_id, event_type, action, payload}) (service role) → {duplicate,
-- applied, …}. action.kind: 'activate_plan' {plan, period_start, period_end, customer_id,
-- subscription_id, invoice_id, session_id, amount_cents, currency, price_id, billing_reason},
-- 'grant_credits' {reference (the session id), amount_cents, currency, customer_id: the credits
-- and the seller are the session's quote's, private.pay_credit_pack}, 'sync_subscription'
-- {subscription_id, status, cancel_at_period_end, plan, deleted, ended_at}, 'payment_failed'
-- {subscription_id, invoice_id, amount_cents, currency, attempt_count}, 'checkout_expired'
-- {session_id}, 'checkout_failed' {session_id, purchase: 'plan' | 'credits', plan?, credits?,
-- amount_cents, currency}, or 'ignore'. Every action may name user_id and customer_id. An event about no
-- subscriber of ours is recorded and answered {applied: false, reason: 'unknown_user'}.
create or replace function public.apply_payment_event(
  event_id text, event_type text, action jsonb, payload jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := coalesce(action ->> 'kind', 'ignore');
  -- a pack's seller is its quote's, whatever the session's metadata names
  v_user uuid := case when v_kind = 'grant_credits'
    then coalesce((select q.user_id from private.credit_pack_quotes q where q.session_id = action ->> 'reference'),
                  private.payment_event_user(action))
    else private.payment_event_user(action) end;
  v_result jsonb;
begin
  if nullif(btrim(event_id), '') is null then
    perform private.fail('An event needs an id', 'reference_required');
  end if;
  if not public.record_payment_event(event_id, event_type, payload, v_user) then
    return jsonb_build_object('duplicate', true, 'applied', false);
  end if;
  if v_kind = 'grant_credits' then
    v_result := private.pay_credit_pack(v_user, action);
  elsif v_kind <> 'ignore' and v_user is null then
    v_result := jsonb_build_object('applied', false, 'reason', 'unknown_user');
  elsif v_kind = 'activate_plan' then
    v_result := private.pay_activate(v_user, action);
  elsif v_kind = 'sync_subscription' then
    v_result := private.pay_sync_subscription(v_user, action);
  elsif v_kind = 'payment_failed' then
    v_result := private.pay_failed(v_user, action);
  elsif v_kind = 'checkout_failed' then
    v_result := private.pay_checkout_failed(v_user, action);
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

-- What the seller's return from Stripe Checkout (/success?session_id=…) shows, read from the
-- history log the payment webhook writes (private.log_billing):
-- rpc('get_checkout_result', {session_id}) → {kind, status, …} for the signed-in user only
-- (security invoker: row-level security shows a user their own log rows).
--   kind 'plan':    status 'pending' | 'paid' | 'expired'; plan, previous_plan, amount,
--                   currency, credits_added (the plan's monthly credits), current_period_end
--   kind 'credits': status 'pending' | 'paid'; credits, credits_added, new_credits, amount,
--                   currency
--   kind null:      status 'unknown' (no checkout of this user has that id)
create or replace function public.get_checkout_result(session_id text) returns jsonb
language sql stable
set search_path = ''
as $$
  with plan_row as (
    select w.raw_data from public.webhook_logs w
    where w.user_id = auth.uid() and w.event_type = 'plan_determination'
      and w.raw_data ->> 'session_id' = get_checkout_result.session_id
    order by w.created_at desc limit 1),
  credit_row as (
    select w.raw_data from public.webhook_logs w
    where w.user_id = auth.uid() and w.event_type = 'credit_purchase_processed'
      and w.raw_data ->> 'reference' = get_checkout_result.session_id
    limit 1),
  started_row as (
    select w.raw_data from public.webhook_logs w
    where w.user_id = auth.uid() and w.event_type = 'user_activity_credits_purchase_initiated'
      and w.raw_data -> 'metadata' ->> 'sessionId' = get_checkout_result.session_id
    limit 1)
  select coalesce(
    (select jsonb_build_object(
       'kind', 'plan', 'status', p.raw_data ->> 'status', 'plan', p.raw_data ->> 'determined_plan',
       'previous_plan', p.raw_data ->> 'plan', 'amount', p.raw_data -> 'amount', 'currency', p.raw_data ->> 'currency',
       'credits_added', (select pl.monthly_credits from public.plans pl where pl.id = p.raw_data ->> 'determined_plan'),
       'current_period_end', p.raw_data -> 'current_period_end')
     from plan_row p),
    (select jsonb_build_object(
       'kind', 'credits', 'status', 'paid', 'credits', c.raw_data -> 'credits_added', 'credits_added', c.raw_data -> 'credits_added',
       'new_credits', c.raw_data -> 'new_credits', 'amount', c.raw_data -> 'amount', 'currency', c.raw_data ->> 'currency')
     from credit_row c),
    (select jsonb_build_object(
       'kind', 'credits', 'status', 'pending', 'credits', s.raw_data -> 'credits',
       'amount', s.raw_data -> 'finalAmount', 'currency', 'eur')
     from started_row s),
    jsonb_build_object('kind', null, 'status', 'unknown'))
$$;

-- Whether any Stripe-billed renewing subscription's period has ended and its check is due
-- (without the grace time, which is the function's setting: the function applies it).
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

-- rpc('claim_stripe_reconciliation', {grace_seconds, max_rows, lease_seconds, p_now?,
-- only_subscription?}) (service role) → [{user_id, subscription_id, customer_id, plan, status,
-- current_period_start, current_period_end, attempts}]. only_subscription checks that one
-- subscription now, whatever its back-off and the grace time (an operator answering a seller
-- who paid), as long as its period has ended.
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

-- rpc('finish_stripe_reconciliation', {user_id, subscription_id, period_end, outcome, reason?,
-- retry_after_seconds?, details?, events?}) (service role) → {outcome, results, logged}.
-- events: [{id, type, action, payload}] applied in order with public.apply_payment_event —
-- exactly what the webhook does with an event (recorded by id in payment_events, applied
-- once). outcome: 'paid' | 'ended' (events applied), 'waiting' (Stripe has not been paid
-- yet, or has not started the next period), 'error' (Stripe could not be asked). The check
-- is due again after retry_after_seconds. A row is logged in webhook_logs when the outcome
-- or reason differs from the last check of this period, and whenever events were applied.
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

-- POSTs {} to /functions/v1/stripe-reconcile with the service role key when a check may be
-- due (pg_net sends it after the transaction commits). Returns pg_net's request id, or null
-- when nothing is due or pg_net, Vault or the secrets are missing.
create or replace function private.invoke_stripe_reconcile() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.stripe_reconcile_due() then
    return null;
  end if;
  return private.invoke_edge_function('stripe-reconcile', '{}', 60000);
end
$$;

-- How long the renewal job waits for stripe-reconcile before it ends a Stripe-billed
-- cancelling subscription itself: the setting stripe_cancel_hold_hours (private.settings,
-- private.setting_definitions: 24 hours by default, 0 to 720).
-- (plpgsql, not sql: a generated migration may create it before private.setting_number)
create or replace function private.stripe_cancel_hold() returns interval
language plpgsql stable
set search_path = ''
as $$
begin
  return make_interval(secs => round(3600 * coalesce(private.setting_number('stripe_cancel_hold_hours'), 24))::double precision);
end
$$;

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.close_due_periods(p_user_id uuid, p_now timestamp with time zone) from public;
revoke all on function private.grant_period(s subscriptions, p_plan text, p_period_start timestamp with time zone) from public;
revoke all on function private.invoke_stripe_reconcile() from public;
revoke all on function private.log_billing(p_user_id uuid, p_event_type text, p_raw jsonb, p_customer_id text, p_subscription_id text, p_price_id text) from public;
revoke all on function private.next_period_end(p_anchor timestamp with time zone, p_after timestamp with time zone) from public;
revoke all on function private.credit_quote_json(q private.credit_pack_quotes) from public;
revoke all on function private.pay_activate(p_user uuid, a jsonb) from public;
revoke all on function private.pay_credit_pack(p_user uuid, a jsonb) from public;
revoke all on function private.pay_checkout_failed(p_user uuid, a jsonb) from public;
revoke all on function private.pay_failed(p_user uuid, a jsonb) from public;
revoke all on function private.pay_sync_subscription(p_user uuid, a jsonb) from public;
revoke all on function private.payment_event_user(p_action jsonb) from public;
revoke all on function private.period_ref(p_start timestamp with time zone) from public;
revoke all on function private.stripe_cancel_hold() from public;
revoke all on function private.stripe_reconcile_due(p_now timestamp with time zone) from public;
revoke all on function public.activate_plan(user_id uuid, plan text, period_start timestamp with time zone, period_end timestamp with time zone, stripe_customer_id text, stripe_subscription_id text) from anon, authenticated, public;
revoke all on function public.apply_payment_event(event_id text, event_type text, action jsonb, payload jsonb) from anon, authenticated, public;
revoke all on function public.attach_credit_quote_session(quote_id uuid, session_id text) from anon, authenticated, public;
revoke all on function public.claim_stripe_reconciliation(grace_seconds integer, max_rows integer, lease_seconds integer, p_now timestamp with time zone, only_subscription text) from anon, authenticated, public;
revoke all on function public.credit_pack_quote(credits integer, plan text) from public;
revoke all on function public.finish_stripe_reconciliation(user_id uuid, subscription_id text, period_end timestamp with time zone, outcome text, reason text, retry_after_seconds integer, details jsonb, events jsonb) from anon, authenticated, public;
revoke all on function public.get_checkout_result(session_id text) from anon, public;
revoke all on function public.grant_purchased_credits(user_id uuid, credits numeric, reference text, amount_cents integer, currency text) from anon, authenticated, public;
revoke all on function public.mark_payment_event_processed(event_id text) from anon, authenticated, public;
revoke all on function public.quote_credit_pack(user_id uuid, credits integer, request_id text) from anon, authenticated, public;
revoke all on function public.record_checkout_started(user_id uuid, kind text, session_id text, details jsonb) from anon, authenticated, public;
revoke all on function public.record_payment_event(event_id text, event_type text, payload jsonb, user_id uuid) from anon, authenticated, public;
revoke all on function public.renew_due_subscriptions(p_now timestamp with time zone, only_user uuid) from anon, authenticated, public;
revoke all on function public.run_scheduled_jobs(p_now timestamp with time zone) from anon, authenticated, public;
revoke all on function public.schedule_plan_change(user_id uuid, plan text) from anon, authenticated, public;
revoke all on function public.set_subscription_cancellation(user_id uuid, cancel boolean) from anon, authenticated, public;
revoke all on public.payment_events from anon, authenticated;
