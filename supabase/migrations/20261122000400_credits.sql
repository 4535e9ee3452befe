-- Credits: one function changes a balance (lock the subscription row, check, change,
-- record a ledger row); everything that charges, grants or refunds goes through it.
-- Also: new users (profile + free subscription with 2 credits), the low-credit rule,
-- the sign-up checks the spec names, and charges for tools.
--
-- Errors a person may see are raised with errcode P0001 (REST answers 400 with the
-- message intact) and a stable machine code in HINT for the app to translate:
--   'Insufficient credits. Need X but only have Y'   hint insufficient_credits
--        (two decimals; DETAIL is {"needed":"X","available":"Y"})
--   'User not authenticated'                         hint not_authenticated
--   'No subscription found for user'                 hint subscription_not_found

create or replace function private.fail(p_message text, p_hint text, p_detail text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_detail is null then
    raise exception using message = p_message, errcode = 'P0001', hint = p_hint;
  end if;
  raise exception using message = p_message, errcode = 'P0001', hint = p_hint, detail = p_detail;
end
$$;

create or replace function private.require_user() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare uid uuid := auth.uid();
begin
  if uid is null then
    perform private.fail('User not authenticated', 'not_authenticated');
  end if;
  return uid;
end
$$;

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

-- An activity row (webhook_logs, event 'user_activity_<type>'), shaped as spec 1 §3 says:
-- raw_data {userId, type, details, metadata, timestamp} plus any extra top-level fields.
create or replace function private.log_activity(
  p_user_id uuid, p_type text, p_details text, p_metadata jsonb default '{}'::jsonb,
  p_extra jsonb default '{}'::jsonb)
returns uuid
language sql
set search_path = ''
as $$
  insert into public.webhook_logs (user_id, event_type, raw_data)
  values (p_user_id, 'user_activity_' || p_type,
          jsonb_build_object('userId', p_user_id, 'type', p_type, 'details', p_details,
                             'metadata', coalesce(p_metadata, '{}'::jsonb),
                             'timestamp', to_jsonb(private.app_now())) || coalesce(p_extra, '{}'::jsonb))
  returning id
$$;

-- The one place a balance changes. Negative amounts spend (plan credits first, then
-- purchased ones) and are refused when the balance is short; positive amounts go to the
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

-- Low credits (spec 1 §4): when a plan with low-credit alerts (every paid plan) drops to
-- 3 credits or fewer, the user gets a credits_low notification (credits_empty at 0), a
-- low-credit notice is stored for the webhook and the event is logged as activity — at
-- most once per 15 minutes per user, decided here and not in the browser.
create or replace function private.tg_subscriptions_low_credits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_alerts boolean;
  v_email text;
begin
  if new.credits_remaining >= old.credits_remaining or new.credits_remaining > 3 then
    return new;
  end if;
  select p.low_credit_alerts into v_alerts from public.plans p where p.id = new.plan;
  if not coalesce(v_alerts, false) then
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

-- Outbound notices wake the functions layer that posts them (delivered on commit).
create or replace function private.tg_outbound_notices_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('outbound_notices', new.id::text);
  return null;
end
$$;
create trigger notify_new after insert on public.outbound_notices
  for each row execute function private.tg_outbound_notices_notify();

-- New user: profile (full_name, phone from the sign-up metadata), a free subscription and
-- its first 2 credits, recorded in the ledger.
create or replace function private.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_credits numeric(12,2);
begin
  insert into public.profiles (id, full_name, phone_number)
  values (new.id,
          nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
          nullif(btrim(coalesce(new.raw_user_meta_data ->> 'phone_number', new.raw_user_meta_data ->> 'phone', new.phone)), ''))
  on conflict (id) do nothing;

  insert into public.subscriptions (user_id, plan, period_anchor, current_period_start, current_period_end)
  values (new.id, 'free', v_now, v_now, v_now + interval '1 month')
  on conflict (user_id) do nothing;

  select monthly_credits into v_credits from public.plans where id = 'free';
  if coalesce(v_credits, 0) > 0 then
    perform private.change_credits(new.id, v_credits, 'signup_bonus', 'signup', '{}'::jsonb, v_credits, 0);
  end if;
  return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- Sign-up checks (spec 1 §5, §7): rpc('check_email_exists', {email}) and
-- rpc('check_phone_exists', {phone_number}); both answer {"exists": boolean}.
create or replace function public.check_email_exists(email text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('exists', exists (
    select 1 from auth.users u
    where lower(u.email) = lower(btrim($1)) and u.deleted_at is null))
$$;

create or replace function public.check_phone_exists(phone_number text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  with wanted as (select regexp_replace(coalesce($1, ''), '[^0-9]', '', 'g') as digits)
  select jsonb_build_object('exists', (select w.digits <> '' from wanted w) and (
    exists (select 1 from public.profiles p, wanted w
            where regexp_replace(coalesce(p.phone_number, ''), '[^0-9]', '', 'g') = w.digits)
    or exists (select 1 from auth.users u, wanted w
               where regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') = w.digits)))
$$;

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

-- A tool use by the signed-in user (spec 2 §4 "Tools flow"): charges the tool's price
-- (photo-combiner 0.15, background-remover 0.40) and records the tool_used activity.
-- Returns {charge_id, credits_used, credits_remaining}.
create or replace function public.charge_tool_use(tool text, details text default null, metadata jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.credit_prices;
  l public.credit_ledger;
begin
  select * into p from public.credit_prices where item = tool and kind = 'tool';
  if not found then
    perform private.fail('Unknown tool', 'unknown_tool');
  end if;
  l := private.change_credits(uid, -p.credits, 'tool', null, jsonb_build_object('tool', p.item));
  perform private.log_activity(uid, 'tool_used', coalesce(nullif(btrim(details), ''), p.name),
    coalesce(metadata, '{}'::jsonb) || jsonb_build_object('toolName', p.item, 'creditsUsed', p.credits, 'chargeId', l.id),
    jsonb_build_object('toolName', p.item, 'creditsUsed', p.credits));
  return jsonb_build_object('charge_id', l.id, 'credits_used', p.credits, 'credits_remaining', l.balance_after);
end
$$;

revoke all on function private.fail(text, text, text), private.require_user(), private.lock_subscription(uuid),
  private.insufficient_credits(numeric, numeric), private.log_activity(uuid, text, text, jsonb, jsonb),
  private.change_credits(uuid, numeric, text, text, jsonb, numeric, numeric),
  private.refund(uuid, numeric, text, jsonb), private.tg_subscriptions_low_credits(),
  private.tg_outbound_notices_notify(), private.handle_new_user() from public;

revoke all on function public.check_email_exists(text), public.check_phone_exists(text),
  public.charge_credits(uuid, numeric, text, text, jsonb), public.refund_charge(uuid, text),
  public.charge_tool_use(text, text, jsonb) from public, anon, authenticated;
grant execute on function public.check_email_exists(text), public.check_phone_exists(text) to anon, authenticated, service_role;
-- anon may call it too: it answers 'User not authenticated' (P0001) like every client function
grant execute on function public.charge_tool_use(text, text, jsonb) to anon, authenticated, service_role;
grant execute on function public.charge_credits(uuid, numeric, text, text, jsonb), public.refund_charge(uuid, text) to service_role;
