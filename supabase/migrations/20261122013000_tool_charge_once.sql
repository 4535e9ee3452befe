-- A tool use is charged once per request (spec 2 §4 "Tools flow"; issue 13: the charge and
-- the file never disagree). The photo combiner renders in the browser, then charges, then
-- releases the file: when the answer to the charge is lost (the connection drops after the
-- commit) the browser asks again with the same request id and gets the same charge back
-- instead of a second one, so a retry can never charge twice for one file.
--
-- charge_tool_use(tool, details, metadata): metadata.requestId (any text, the browser sends
-- a UUID) names the request. Without it every call charges, as before. The answer is
-- {charge_id, credits_used, credits_remaining, replayed}; replayed is true when the request
-- had been charged already (nothing was charged now and no second tool_used activity logged).

-- One tool charge per (user, request): the reference is 'tool-request:' || md5(tool:requestId).
create unique index if not exists credit_ledger_tool_request_idx on public.credit_ledger (user_id, reference)
  where reason = 'tool' and reference is not null;

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
  v_request text := nullif(btrim(coalesce(charge_tool_use.metadata ->> 'requestId', '')), '');
  v_reference text;
begin
  select * into p from public.credit_prices where item = charge_tool_use.tool and kind = 'tool';
  if not found then
    perform private.fail('Unknown tool', 'unknown_tool');
  end if;
  if v_request is not null then
    v_reference := 'tool-request:' || md5(p.item || ':' || v_request);
    -- the subscription lock orders this request after a concurrent one with the same id
    perform private.lock_subscription(uid);
    select * into l from public.credit_ledger c
      where c.user_id = uid and c.reason = 'tool' and c.reference = v_reference;
    if found then
      return jsonb_build_object('charge_id', l.id, 'credits_used', -l.amount,
        'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = uid),
        'replayed', true);
    end if;
  end if;
  l := private.change_credits(uid, -p.credits, 'tool', v_reference, jsonb_build_object('tool', p.item));
  perform private.log_activity(uid, 'tool_used', coalesce(nullif(btrim(charge_tool_use.details), ''), p.name),
    coalesce(charge_tool_use.metadata, '{}'::jsonb) || jsonb_build_object('toolName', p.item, 'creditsUsed', p.credits, 'chargeId', l.id),
    jsonb_build_object('toolName', p.item, 'creditsUsed', p.credits));
  return jsonb_build_object('charge_id', l.id, 'credits_used', p.credits, 'credits_remaining', l.balance_after,
    'replayed', false);
end
$$;

revoke all on function public.charge_tool_use(text, text, jsonb) from public, anon, authenticated;
-- anon may call it too: it answers 'User not authenticated' (P0001) like every client function
grant execute on function public.charge_tool_use(text, text, jsonb) to anon, authenticated, service_role;
