-- Reconciliation with Stripe: a renewal whose webhook never arrived is still granted.
--
-- Since 20261123002300 a Stripe-billed subscription's next period and credits come only with
-- Stripe's paid invoice (invoice.paid / invoice.payment_succeeded → stripe-webhook →
-- apply_payment_event). If that delivery never arrives (the endpoint down past Stripe's
-- retries, an endpoint not subscribed to those events, a lost delivery) the seller who paid
-- would stay on the ended period with no credits. The `stripe-reconcile` edge function closes
-- that gap; these are its SQL pieces:
--
--   claim_stripe_reconciliation   the subscriptions to ask Stripe about: billed by Stripe
--                                 (stripe_subscription_id), renewing (not cancelling — the
--                                 renewal job ends those on time), whose period ended more
--                                 than a grace time ago (the function's setting, 1 hour by
--                                 default) and whose last check's back-off is over. Each is
--                                 claimed with a lease (next_check_at) so two runs never ask
--                                 about the same one, and its attempts for this period counted.
--   finish_stripe_reconciliation  what Stripe said, applied through public.apply_payment_event
--                                 (the webhook's own path, never a second way to grant) with
--                                 the actions the webhook would have built from the events:
--                                 a paid invoice for a newer period → activate_plan (granted
--                                 once; the real webhook arriving later is answered
--                                 already_applied), an ended subscription → the deleted path.
--                                 Still unpaid → nothing; next_check_at is set by the function's
--                                 back-off. Every change of outcome is logged in webhook_logs
--                                 (event_type 'stripe_reconciliation').
--   private.stripe_reconcile_due  whether any subscription could need a check (period ended,
--                                 back-off over), so the schedulers call the function only then.
--
-- Scheduling: pg_cron job 'drape-stripe-reconcile' every 5 minutes on hosted Supabase
-- (private.invoke_stripe_reconcile through pg_net, Vault's project_url and service_role_key);
-- the local stack's job timer elsewhere (supabase/local/jobs). See docs/hosted-scheduling.md.

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
    where s.stripe_subscription_id is not null and s.plan <> 'free' and not s.cancel_at_period_end
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
           s.current_period_start, s.current_period_end,
           c.user_id as c_user, c.subscription_id as c_sub, c.period_end as c_end, c.attempts as c_attempts
    from public.subscriptions s
    left join private.stripe_reconciliation c on c.user_id = s.user_id
    where s.stripe_subscription_id is not null and s.plan <> 'free' and not s.cancel_at_period_end
      and case when only_subscription is null
               then s.current_period_end <= v_now - make_interval(secs => greatest(coalesce(grace_seconds, 3600), 0))
                    and (c.user_id is null or c.subscription_id <> s.stripe_subscription_id
                         or c.period_end <> s.current_period_end or c.next_check_at <= v_now)
               else s.stripe_subscription_id = only_subscription and s.current_period_end <= v_now end
    order by c.checked_at nulls first, s.current_period_end
    limit greatest(coalesce(max_rows, 20), 0)
    for update of s skip locked
  loop
    -- another run may have claimed it between this statement's snapshot and its row lock
    -- (the row is locked, not changed, by a claim): read its check again, now
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
      'plan', r.plan, 'status', r.status, 'current_period_start', r.current_period_start,
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
  select s.stripe_customer_id into v_customer from public.subscriptions s
    where s.user_id = finish_stripe_reconciliation.user_id;
  for e in select value from jsonb_array_elements(coalesce(events, '[]'::jsonb)) loop
    v_results := v_results || jsonb_build_array(
      jsonb_build_object('event_id', e ->> 'id', 'event_type', e ->> 'type') ||
      public.apply_payment_event(e ->> 'id', e ->> 'type', e -> 'action', coalesce(e -> 'payload', '{}'::jsonb)));
  end loop;
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
declare
  v_url text;
  v_key text;
  v_id bigint;
begin
  if not private.stripe_reconcile_due() then
    return null;
  end if;
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1' into v_url using 'project_url';
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1' into v_key using 'service_role_key';
  if v_url is null or v_key is null then
    return null;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
    into v_id
    using rtrim(v_url, '/') || '/functions/v1/stripe-reconcile',
          '{}'::jsonb,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key, 'apikey', v_key),
          60000;
  return v_id;
end
$$;

revoke all on table private.stripe_reconciliation from public;
revoke all on function private.stripe_reconcile_due(timestamptz), private.invoke_stripe_reconcile() from public;
revoke all on function public.claim_stripe_reconciliation(integer, integer, integer, timestamptz, text),
  public.finish_stripe_reconciliation(uuid, text, timestamptz, text, text, integer, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.claim_stripe_reconciliation(integer, integer, integer, timestamptz, text),
  public.finish_stripe_reconciliation(uuid, text, timestamptz, text, text, integer, jsonb, jsonb)
  to service_role;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('drape-stripe-reconcile', '*/5 * * * *', 'select private.invoke_stripe_reconcile()');
  end if;
end
$$;
