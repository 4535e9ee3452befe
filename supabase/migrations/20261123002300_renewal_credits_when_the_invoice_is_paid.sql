-- A renewal's credits are granted when Stripe says the renewal's invoice is paid, once per
-- invoice — never because the clock passed the period end, and never for a renewal whose
-- payment failed.
--
-- Before: the renewal job (run_scheduled_jobs → close_due_periods) renewed every subscription
-- whose period had ended, Stripe-billed ones included, granting the next month's credits at
-- the period end — before Stripe had collected the invoice, and also when the collection then
-- failed (the invoice's later invoice.paid found the period granted already).
--
-- Now:
--   - close_due_periods leaves a subscription Stripe bills (stripe_subscription_id set) alone
--     at its period end unless it is cancelling: its next period, plan (a scheduled downgrade
--     is the price of Stripe's next invoice) and credits come from the paid invoice
--     (invoice.paid / invoice.payment_succeeded → apply_payment_event → pay_activate →
--     activate_plan). Until then the ended period stays current and nothing is granted; a
--     failed payment leaves it that way (status past_due) until Stripe's retry succeeds (paid:
--     the period is granted then) or Stripe gives up (customer.subscription.deleted: the
--     account moves to free). A cancellation at the period end still takes effect on time.
--     Subscriptions without Stripe (set by an operator) renew by the clock as before.
--   - pay_activate applies a paid invoice once: a period that is already the current one,
--     granted, on the same plan and subscription, is answered {applied: false, reason:
--     'already_applied'} without touching the row — so the second of invoice.paid and
--     invoice.payment_succeeded (Stripe sends both for every paid invoice), a replay, or the
--     checkout's own event after the invoice's cannot grant again, nor undo a cancellation
--     the seller made in between (activate_plan clears cancel_at_period_end).
--   - the purchase is logged once per paid invoice: a renewal paid after failed attempts is
--     logged 'renewed' too (the failed attempts' rows carry the same invoice reference and
--     used to stand for the payment).

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

-- pay_activate as in 20261122007000_stripe_payments_and_downgrades.sql, applying a period once.
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
