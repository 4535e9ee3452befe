-- One row per user. credits_remaining = plan_credits + purchased_credits at all times:
-- plan credits are granted each period (and carried over up to two months' worth),
-- purchased credits never expire. Spending takes plan credits first.
create table public.subscriptions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  plan text not null default 'free' references public.plans (id),
  credits_remaining numeric(12,2) not null default 0 check (credits_remaining >= 0),
  plan_credits numeric(12,2) not null default 0 check (plan_credits >= 0),
  purchased_credits numeric(12,2) not null default 0 check (purchased_credits >= 0),
  -- credits spent in the current period (net of refunds)
  credits_used numeric(12,2) not null default 0 check (credits_used >= 0),
  -- billing periods are whole months counted from the anchor
  period_anchor timestamptz not null default now(),
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz not null default (now() + interval '1 month'),
  cancel_at_period_end boolean not null default false,
  status text not null default 'active' check (status in ('active', 'past_due', 'canceled')),
  stripe_customer_id text unique,
  stripe_subscription_id text unique,
  low_credit_notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_balance_parts check (credits_remaining = plan_credits + purchased_credits),
  constraint subscriptions_period_order check (current_period_end > current_period_start),
  scheduled_plan text references public.plans (id),
  constraint subscriptions_scheduled_plan_differs check (scheduled_plan is null or scheduled_plan <> plan),
  -- plan credits carried into the current period from earlier ones and not spent yet: set when a
  -- period is granted (private.grant_period), never more than plan_credits (private.change_credits)
  rollover_credits numeric(12,2) not null default 0 check (rollover_credits >= 0)
);
alter table public.subscriptions enable row level security;

-- Every change of a balance. Sums to subscriptions.credits_remaining per user.
create table public.credit_ledger (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  amount numeric(12,2) not null check (amount <> 0),
  plan_delta numeric(12,2) not null default 0,
  purchased_delta numeric(12,2) not null default 0,
  balance_after numeric(12,2) not null check (balance_after >= 0),
  reason text not null check (reason in (
    'signup_bonus', 'plan_grant', 'expiry', 'generation', 'fix', 'tool', 'video',
    'refund', 'purchase', 'adjustment')),
  -- what the change is about: 'project:<id>', 'image:<id>', 'fix:<id>', 'period:<start>',
  -- 'ledger:<id>' for the refund of a charge, the payment reference for a purchase
  reference text,
  -- for a refund: the charge it gives back
  refund_of uuid references public.credit_ledger (id),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint credit_ledger_split check (amount = plan_delta + purchased_delta),
  constraint credit_ledger_refund_of check ((refund_of is null) or reason = 'refund')
);
alter table public.credit_ledger enable row level security;

create index subscriptions_period_end_idx on public.subscriptions (current_period_end);

create index credit_ledger_user_idx on public.credit_ledger (user_id, created_at desc);

create index credit_ledger_refund_of_idx on public.credit_ledger (refund_of) where refund_of is not null;

-- Grants, refunds, purchases and per-object charges happen at most once per reference.
create unique index credit_ledger_once_idx on public.credit_ledger (user_id, reason, reference)
  where reference is not null
    and reason in ('signup_bonus', 'plan_grant', 'expiry', 'generation', 'fix', 'refund', 'purchase');

-- One tool charge per (user, request): the reference is 'tool-request:' || md5(tool:requestId).
create unique index if not exists credit_ledger_tool_request_idx on public.credit_ledger (user_id, reference)
  where reason = 'tool' and reference is not null;

comment on column public.subscriptions.scheduled_plan is
  'A downgrade chosen in the last 7 days of the period; it becomes the plan at the next renewal.';

create trigger set_updated_at before update on public.subscriptions
  for each row execute function private.tg_set_updated_at();

create or replace function private.lock_subscription(p_user_id uuid) returns public.subscriptions
language plpgsql
set search_path = ''
as $$
declare s public.subscriptions;
begin
  select * into s from public.subscriptions where user_id = p_user_id for update;
  if not found then
    perform private.fail('No subscription found for user', 'subscription_not_found');
  end if;
  return s;
end
$$;

create or replace function private.insufficient_credits(p_needed numeric, p_available numeric) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.fail(
    format('Insufficient credits. Need %s but only have %s', private.money2(p_needed), private.money2(p_available)),
    'insufficient_credits',
    jsonb_build_object('needed', private.money2(p_needed), 'available', private.money2(p_available))::text);
end
$$;

-- The one place a balance changes. Negative amounts spend (plan credits first — the current
-- period's own before those rolled over from earlier ones, so rollover_credits only drops when
-- plan_credits goes below it — then purchased ones) and are refused when the balance is short;
-- positive amounts go to the
-- bucket named by p_plan_delta / p_purchased_delta (default: plan credits). Reasons that
-- happen once per reference (grants, refunds, purchases, per-object charges) return the
-- existing row instead of changing the balance twice.
create or replace function private.change_credits(
  p_user_id uuid,
  p_amount numeric,
  p_reason text,
  p_reference text default null,
  p_details jsonb default '{}'::jsonb,
  p_plan_delta numeric default null,
  p_purchased_delta numeric default null)
returns public.credit_ledger
language plpgsql
set search_path = ''
as $$
declare
  s public.subscriptions;
  l public.credit_ledger;
  v_plan numeric(12,2);
  v_purchased numeric(12,2);
  v_amount numeric(12,2) := round(p_amount, 2);
begin
  if v_amount is null or v_amount = 0 then
    raise exception 'credit change of zero or null for %', p_reason;
  end if;
  s := private.lock_subscription(p_user_id);

  if p_reference is not null
     and p_reason in ('signup_bonus', 'plan_grant', 'expiry', 'generation', 'fix', 'refund', 'purchase') then
    select * into l from public.credit_ledger
      where user_id = p_user_id and reason = p_reason and reference = p_reference;
    if found then
      return l;
    end if;
  end if;

  if p_plan_delta is not null or p_purchased_delta is not null then
    v_plan := coalesce(p_plan_delta, v_amount - coalesce(p_purchased_delta, 0));
    v_purchased := v_amount - v_plan;
  elsif v_amount < 0 then
    if s.credits_remaining < -v_amount then
      perform private.insufficient_credits(-v_amount, s.credits_remaining);
    end if;
    v_plan := -least(s.plan_credits, -v_amount);
    v_purchased := v_amount - v_plan;
  else
    v_plan := v_amount;
    v_purchased := 0;
  end if;

  if s.credits_remaining + v_amount < 0 then
    perform private.insufficient_credits(-v_amount, s.credits_remaining);
  end if;

  update public.subscriptions set
    plan_credits = plan_credits + v_plan,
    purchased_credits = purchased_credits + v_purchased,
    credits_remaining = credits_remaining + v_amount,
    rollover_credits = least(rollover_credits, plan_credits + v_plan),
    credits_used = case
      when p_reason in ('generation', 'fix', 'tool', 'video') then credits_used - v_amount
      when p_reason = 'refund' then greatest(credits_used - v_amount, 0)
      else credits_used end
  where user_id = p_user_id
  returning * into s;

  insert into public.credit_ledger (user_id, amount, plan_delta, purchased_delta, balance_after, reason, reference,
    refund_of, details)
  values (p_user_id, v_amount, v_plan, v_purchased, s.credits_remaining, p_reason, p_reference,
    case when p_reason = 'refund' then (p_details ->> 'charge_id')::uuid end, coalesce(p_details, '{}'::jsonb))
  returning * into l;
  return l;
end
$$;

-- Gives back (part of) a charge, at most what was charged in total, into the buckets it
-- came from (purchased credits first, up to what the charge took from them). Idempotent
-- per p_reference. Returns null when nothing is left to refund.
create or replace function private.refund(
  p_charge_id uuid, p_amount numeric, p_reference text, p_details jsonb default '{}'::jsonb)
returns public.credit_ledger
language plpgsql
set search_path = ''
as $$
declare
  c public.credit_ledger;
  l public.credit_ledger;
  v_refunded numeric(12,2);
  v_purchased_refunded numeric(12,2);
  v_amount numeric(12,2);
  v_purchased numeric(12,2);
begin
  select * into c from public.credit_ledger where id = p_charge_id;
  if not found or c.amount >= 0 then
    return null;
  end if;
  perform private.lock_subscription(c.user_id);
  select * into l from public.credit_ledger
    where user_id = c.user_id and reason = 'refund' and reference = p_reference;
  if found then
    return l;
  end if;
  select coalesce(sum(amount), 0), coalesce(sum(purchased_delta), 0)
    into v_refunded, v_purchased_refunded
    from public.credit_ledger
    where refund_of = c.id;
  v_amount := least(coalesce(p_amount, -c.amount), -c.amount - v_refunded);
  if v_amount <= 0 then
    return null;
  end if;
  v_purchased := least(v_amount, greatest(-c.purchased_delta - v_purchased_refunded, 0));
  return private.change_credits(c.user_id, v_amount, 'refund', p_reference,
    coalesce(p_details, '{}'::jsonb) || jsonb_build_object('charge_id', c.id, 'charge_reason', c.reason),
    v_amount - v_purchased, v_purchased);
end
$$;

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

create trigger low_credits before update of credits_remaining on public.subscriptions
  for each row execute function private.tg_subscriptions_low_credits();

-- Charges for server code (service role): any amount for a reason, with the spec's
-- insufficient-credits message. Returns {charge_id, charged, credits_remaining}.
create or replace function public.charge_credits(
  user_id uuid, amount numeric, reason text, reference text default null, details jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.credit_ledger;
begin
  if amount is null or amount <= 0 then
    perform private.fail('Amount must be positive', 'invalid_amount');
  end if;
  if reason not in ('generation', 'fix', 'tool', 'video', 'adjustment') then
    perform private.fail('Unknown charge reason', 'invalid_reason');
  end if;
  l := private.change_credits(charge_credits.user_id, -amount, charge_credits.reason,
                              charge_credits.reference, charge_credits.details);
  return jsonb_build_object('charge_id', l.id, 'charged', -l.amount, 'credits_remaining', l.balance_after);
end
$$;

-- The matching refund (service role): gives back what charge_id took, exactly once.
-- Returns {refund_id, refunded, credits_remaining}; refunded is 0 when already refunded.
create or replace function public.refund_charge(charge_id uuid, note text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.credit_ledger;
  l public.credit_ledger;
  v_new boolean;
begin
  select * into c from public.credit_ledger where id = refund_charge.charge_id;
  if not found or c.amount >= 0 then
    perform private.fail('Charge not found', 'charge_not_found');
  end if;
  perform private.lock_subscription(c.user_id);
  v_new := not exists (select 1 from public.credit_ledger
                       where user_id = c.user_id and reason = 'refund' and reference = 'ledger:' || c.id);
  l := private.refund(c.id, null, 'ledger:' || c.id, jsonb_build_object('note', note));
  return jsonb_build_object(
    'refund_id', l.id,
    'refunded', case when v_new and l.id is not null then l.amount else 0 end,
    'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = c.user_id));
end
$$;

create policy "own subscription" on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "own ledger" on public.credit_ledger for select to authenticated
  using (user_id = (select auth.uid()));

-- Privileges ----------------------------------------------------------------------------

-- Requests that move money, served once per request id (the browser's id for one press):
-- claim_request answers null for a new request (go on, then settle_request with the outcome in
-- the same transaction) or the first outcome for a repeat; a concurrent repeat waits on the
-- row's key. Kept 30 days. See docs/architecture.md "Money exactly once".
create table private.money_requests (
  user_id uuid not null references auth.users (id) on delete cascade,
  request_id text not null,
  kind text not null check (kind in ('generation', 'video', 'fix', 'batch', 'operator_grant', 'operator_refund',
                                  'operator_retry')),
  params_hash text not null,
  outcome jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, request_id)
);
create index money_requests_age_idx on private.money_requests (user_id, created_at);

comment on table private.money_requests is
  'Requests that move money, by the browser''s request id: a repeat gets the first outcome instead of a second charge (kept 30 days).';

-- null: the request is new and now claimed (settle it before returning); otherwise the outcome
-- of the first request with this id.
create or replace function private.claim_request(p_user_id uuid, p_request_id text, p_kind text, p_params jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_request text := nullif(btrim(p_request_id), '');
  v_hash text := md5(p_kind || ':' || coalesce(p_params, '{}'::jsonb)::text);
  v_row private.money_requests;
begin
  if v_request is null then
    return null;
  end if;
  if length(v_request) > 200 then
    perform private.fail('Invalid request id', 'request_id_invalid');
  end if;
  delete from private.money_requests m
    where m.user_id = p_user_id and m.created_at < private.app_now() - interval '30 days';
  -- a concurrent insert of the same key makes this wait until that transaction ends
  insert into private.money_requests (user_id, request_id, kind, params_hash)
  values (p_user_id, v_request, p_kind, v_hash)
  on conflict (user_id, request_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_row from private.money_requests m where m.user_id = p_user_id and m.request_id = v_request;
  if v_row.kind <> p_kind or v_row.params_hash <> v_hash or v_row.outcome is null then
    perform private.fail('This request was already sent with other choices', 'request_reused');
  end if;
  return v_row.outcome;
end
$$;

create or replace function private.settle_request(p_user_id uuid, p_request_id text, p_outcome jsonb)
returns void
language sql
set search_path = ''
as $$
  update private.money_requests m set outcome = p_outcome
  where m.user_id = p_user_id and m.request_id = nullif(btrim(p_request_id), '')
$$;


revoke all on function private.change_credits(p_user_id uuid, p_amount numeric, p_reason text, p_reference text, p_details jsonb, p_plan_delta numeric, p_purchased_delta numeric) from public;
revoke all on function private.insufficient_credits(p_needed numeric, p_available numeric) from public;
revoke all on function private.lock_subscription(p_user_id uuid) from public;
revoke all on function private.refund(p_charge_id uuid, p_amount numeric, p_reference text, p_details jsonb) from public;
revoke all on function private.tg_subscriptions_low_credits() from public;
revoke all on function public.charge_credits(user_id uuid, amount numeric, reason text, reference text, details jsonb) from anon, authenticated, public;
revoke all on function public.refund_charge(charge_id uuid, note text) from anon, authenticated, public;
revoke all on public.credit_ledger from anon, authenticated;
grant select on public.credit_ledger to anon, authenticated;
revoke all on public.subscriptions from anon, authenticated;
grant select on public.subscriptions to anon, authenticated;
revoke all on function private.claim_request(p_user_id uuid, p_request_id text, p_kind text, p_params jsonb) from public;
revoke all on function private.settle_request(p_user_id uuid, p_request_id text, p_outcome jsonb) from public;
