-- What the seller's return from Stripe Checkout (/success?session_id=…) shows, read from the
-- history log the payment webhook writes (see *_stripe_payments_and_downgrades.sql):
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

revoke all on function public.get_checkout_result(text) from public, anon, authenticated;
grant execute on function public.get_checkout_result(text) to authenticated, service_role;
