-- A delayed payment that failed (checkout.session.async_payment_failed: a bank debit or
-- another delayed method Stripe could not collect after the seller left the checkout) closes
-- its purchase as failed and tells the seller, instead of leaving it pending for ever. Until
-- now the event was recorded and nothing else happened.
--
--   plan     the checkout's pending plan_determination row turns 'failed'
--   credits  the activity credits_purchase_failed {credits, finalAmount, sessionId} beside the
--            credits_purchase_initiated row of the same session
--   both     a notification 'purchase_failed' {kind, plan | credits, amountCents, currency},
--            worded by the app in the seller's language
--
-- Nothing is granted or charged. Applied once per event like every payment event
-- (public.apply_payment_event), whose action kind 'checkout_failed' is new here.

-- the notification types as they are on main, plus the ones issue 21's notification work adds,
-- plus purchase_failed (a list that holds whichever of the two migrations runs last)
alter table public.notifications drop constraint if exists notifications_type_check;
alter table public.notifications add constraint notifications_type_check check (type in (
  'project_created', 'project_completed', 'project_failed', 'project_rejected',
  'credits_low', 'credits_empty',
  'video_completed', 'video_failed',
  'fix_processing', 'fix_completed', 'fix_rejected',
  'payment_received', 'credits_added', 'credits_refunded', 'plan_changed',
  'purchase_failed'));

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

-- rpc('apply_payment_event', …): as before, with action.kind 'checkout_failed' {session_id,
-- purchase: 'plan' | 'credits', plan?, credits?, amount_cents, currency}.
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

revoke all on function private.pay_checkout_failed(uuid, jsonb) from public;
