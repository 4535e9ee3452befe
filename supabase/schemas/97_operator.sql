-- The operator console (/operator): what a small team does for sellers without hand-typed SQL.
-- An operator is a user whose app_metadata.role is 'operator' (only the service role can set
-- app_metadata: `npm run operator -- add <email>`, or the SQL in docs/deploying.md). Every
-- operator action is a public.operator_… function here: each checks the role first
-- (private.require_operator) and records itself in public.operator_actions, which no one can
-- change through the API.

-- Append-only: one row per operator action.
create table public.operator_actions (
  id uuid primary key default gen_random_uuid(),
  operator_id uuid references auth.users (id) on delete set null,
  operator_email text not null,
  action text not null check (action in (
    'find_seller', 'start_fix', 'reject_fix', 'answer_fix', 'grant_credits', 'mark_handled',
    'ai_attempt', 'ai_send', 'ai_discard', 'refund_image', 'refund_batch', 'retry_image', 'retry_video')),
  seller_id uuid references auth.users (id) on delete set null,
  -- what the action was about: a fix id, a request id
  subject text,
  reason text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
alter table public.operator_actions enable row level security;

create index operator_actions_created_idx on public.operator_actions (created_at desc);

create index operator_actions_seller_idx on public.operator_actions (seller_id, created_at desc);

comment on table public.operator_actions is
  'Every operator action (who, what, which seller, reason, when). Written only by the operator_ functions; never updated or deleted.';

-- Not even the functions' owner changes a recorded action (a seller's account going keeps it:
-- the foreign keys set null, which is the one update allowed).
create or replace function private.tg_operator_actions_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (new.id, new.operator_email, new.action, new.subject, new.reason, new.details, new.created_at)
         is not distinct from (old.id, old.operator_email, old.action, old.subject, old.reason, old.details, old.created_at)
     and (new.operator_id is null or new.operator_id = old.operator_id)
     and (new.seller_id is null or new.seller_id = old.seller_id) then
    return new;
  end if;
  raise exception 'Operator actions are never changed' using errcode = 'P0001', hint = 'operator_actions_append_only';
end
$$;

create trigger append_only before update or delete on public.operator_actions
  for each row execute function private.tg_operator_actions_append_only();

-- True when the caller's JWT says operator and their account still does (a removed operator's
-- token, valid for up to an hour, is refused at once).
create or replace function private.is_operator() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'operator'
     and exists (select 1 from auth.users u
                 where u.id = (select auth.uid()) and u.raw_app_meta_data ->> 'role' = 'operator')
$$;

-- The operator's id, or P0001 'Only operators can do this' / operator_only for everyone else.
create or replace function private.require_operator() returns uuid
language plpgsql stable
set search_path = ''
as $$
begin
  if not private.is_operator() then
    perform private.fail('Only operators can do this', 'operator_only');
  end if;
  return auth.uid();
end
$$;

create or replace function private.record_operator_action(
  p_action text, p_seller_id uuid, p_subject text, p_reason text, p_details jsonb default '{}'::jsonb)
returns uuid
language sql
set search_path = ''
as $$
  insert into public.operator_actions (operator_id, operator_email, action, seller_id, subject, reason, details)
  values (auth.uid(), coalesce((select u.email from auth.users u where u.id = auth.uid()), ''),
          p_action, p_seller_id, p_subject, nullif(btrim(p_reason), ''), coalesce(p_details, '{}'::jsonb))
  returning id
$$;

-- One fix as the console shows it. The promise is the seller's plan's fix_turnaround_days
-- (Lite 3, Pro 2, Advanced 1); the free plan promises none, so it is held to the longest, 3.
create or replace function private.operator_fix_row(f public.fixes) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', f.id,
    'status', f.status,
    'description', f.description,
    'created_at', f.created_at,
    'updated_at', f.updated_at,
    'completed_at', f.completed_at,
    'age_hours', round(extract(epoch from (private.app_now() - f.created_at)) / 3600.0, 1),
    'promised_days', d.days,
    'due_at', f.created_at + make_interval(days => d.days),
    'late', f.status in ('pending', 'processing') and private.app_now() > f.created_at + make_interval(days => d.days),
    'seller_id', f.user_id,
    'seller_email', u.email,
    'seller_name', pr.full_name,
    'plan', s.plan,
    'plan_watermark', pl.watermark,
    'is_free', coalesce(r.is_free, true),
    'credits_charged', coalesce(r.credits_charged, 0),
    'project_id', f.project_id,
    'project_name', p.name,
    'image_id', coalesce(f.image_id, i.id),
    'original_path', i.generated_path,
    'original_watermarked_path', i.watermarked_path,
    'drawing_path', f.annotated_image,
    'result_path', f.result_path,
    'result_watermarked_path', f.result_watermarked_path,
    'result_note', f.result_note)
  from (select 1) one
  left join auth.users u on u.id = f.user_id
  left join public.profiles pr on pr.id = f.user_id
  left join public.subscriptions s on s.user_id = f.user_id
  left join public.plans pl on pl.id = s.plan
  left join public.projects p on p.id = f.project_id
  left join public.fix_requests r on r.fix_id = f.id
  cross join lateral (select coalesce(pl.fix_turnaround_days, 3) as days) d
  left join lateral (
    select im.id, im.generated_path, im.watermarked_path from public.images im
    where im.project_id = f.project_id and (f.image_id is null or im.id = f.image_id)
    order by (im.id = f.image_id) desc nulls last, (im.status = 'completed') desc, im.position
    limit 1) i on true
$$;

-- rpc('operator_fix_queue') → {open: [fix…] oldest first, recent: [fix…] the 20 last finished}.
create or replace function public.operator_fix_queue() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  return jsonb_build_object(
    'open', coalesce((select jsonb_agg(private.operator_fix_row(f) order by f.created_at, f.id)
                      from public.fixes f where f.status in ('pending', 'processing')), '[]'::jsonb),
    'recent', coalesce((select jsonb_agg(private.operator_fix_row(x) order by x.completed_at desc, x.id)
                        from (select * from public.fixes f where f.status in ('completed', 'rejected')
                              order by f.completed_at desc nulls last, f.id limit 20) x), '[]'::jsonb));
end
$$;

-- rpc('operator_start_fix', {fix_id}) → the fix row, now processing (the seller sees
-- "In Progress" live and gets the fix_processing notification).
create or replace function public.operator_start_fix(fix_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fix jsonb;
begin
  perform private.require_operator();
  v_fix := public.complete_fix(operator_start_fix.fix_id, 'processing');
  perform private.record_operator_action('start_fix', (v_fix ->> 'user_id')::uuid, operator_start_fix.fix_id::text,
                                         null);
  return v_fix;
end
$$;

-- rpc('operator_reject_fix', {fix_id, note}) → the fix row, rejected with the note (required);
-- a paid fix gets its credit back once (complete_fix's rule: the fix row is locked, a finished
-- fix stays finished).
create or replace function public.operator_reject_fix(fix_id uuid, note text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_note text := btrim(coalesce(operator_reject_fix.note, ''));
  v_fix jsonb;
begin
  perform private.require_operator();
  if v_note = '' then
    perform private.fail('Please write a note for the seller', 'note_required');
  end if;
  if length(v_note) > 1000 then
    perform private.fail('The note is too long', 'note_too_long');
  end if;
  v_fix := public.complete_fix(operator_reject_fix.fix_id, 'rejected', note => v_note);
  perform private.record_operator_action('reject_fix', (v_fix ->> 'user_id')::uuid, operator_reject_fix.fix_id::text,
                                         v_note);
  return v_fix;
end
$$;

-- For operator-answer-fix before it stores anything: the open fix's seller and project, or
-- the refusal (operator_only, fix_not_found, fix_finished).
create or replace function public.operator_fix_target(fix_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  f public.fixes;
begin
  perform private.require_operator();
  select * into f from public.fixes x where x.id = operator_fix_target.fix_id;
  if not found then
    perform private.fail('Fix request not found', 'fix_not_found');
  end if;
  if f.status in ('completed', 'rejected') then
    perform private.fail('This fix request is already finished', 'fix_finished');
  end if;
  return jsonb_build_object('fix_id', f.id, 'user_id', f.user_id, 'project_id', f.project_id);
end
$$;

-- rpc('operator_answer_fix', {fix_id, result_path, watermarked_path, note?}) → the fix row,
-- completed with the picture operator-answer-fix stored (complete_fix's checks: both files in
-- the fix's project folder, the fix still open).
create or replace function public.operator_answer_fix(
  fix_id uuid, result_path text, watermarked_path text, note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fix jsonb;
begin
  perform private.require_operator();
  if length(coalesce(operator_answer_fix.note, '')) > 1000 then
    perform private.fail('The note is too long', 'note_too_long');
  end if;
  v_fix := public.complete_fix(operator_answer_fix.fix_id, 'completed', operator_answer_fix.result_path,
                               operator_answer_fix.watermarked_path, operator_answer_fix.note);
  perform private.record_operator_action('answer_fix', (v_fix ->> 'user_id')::uuid, operator_answer_fix.fix_id::text,
    nullif(btrim(operator_answer_fix.note), ''),
    jsonb_build_object('resultPath', v_fix ->> 'result_path', 'watermarkedPath', v_fix ->> 'result_watermarked_path'));
  return v_fix;
end
$$;

-- rpc('operator_find_seller', {query}) → up to 10 sellers whose e-mail or name contains the
-- query (2 to 200 characters): [{id, email, name, plan, balance}].
create or replace function public.operator_find_seller(query text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_query text := btrim(coalesce(operator_find_seller.query, ''));
  v_pattern text;
  v_found jsonb;
begin
  perform private.require_operator();
  if length(v_query) < 2 then
    perform private.fail('Type at least 2 characters', 'query_too_short');
  end if;
  if length(v_query) > 200 then
    perform private.fail('Type at most 200 characters', 'query_too_long');
  end if;
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  select coalesce(jsonb_agg(x.seller order by x.email), '[]'::jsonb) into v_found
  from (
    select u.email, jsonb_build_object('id', u.id, 'email', u.email, 'name', pr.full_name, 'plan', s.plan,
                                       'balance', s.credits_remaining) as seller
    from auth.users u
    join public.subscriptions s on s.user_id = u.id
    left join public.profiles pr on pr.id = u.id
    where lower(u.email) like v_pattern or lower(coalesce(pr.full_name, '')) like v_pattern
    order by u.email
    limit 10) x;
  perform private.record_operator_action('find_seller', null, null, null,
                                         jsonb_build_object('query', v_query, 'found', jsonb_array_length(v_found)));
  return v_found;
end
$$;

-- rpc('operator_grant_credits', {seller_id, amount, reason, request_id}) → {ledger_id, amount,
-- credits_remaining, replayed}. A positive amount adds credits (purchased: they never expire),
-- a negative one removes them, never below 0 (remove_exceeds_balance, with the balance). One ledger row
-- ('adjustment', the reason in details.note: the seller's history shows it), a notification
-- (tg_notify_credits), one audit row; a repeat of the request id answers the first outcome.
create or replace function public.operator_grant_credits(
  seller_id uuid, amount numeric, reason text, request_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  v_amount numeric(12,2) := round(operator_grant_credits.amount, 2);
  v_reason text := btrim(coalesce(operator_grant_credits.reason, ''));
  v_first jsonb;
  v_balance numeric(12,2);
  l public.credit_ledger;
  v_answer jsonb;
begin
  if nullif(btrim(operator_grant_credits.request_id), '') is null then
    perform private.fail('Invalid request id', 'request_id_invalid');
  end if;
  if v_amount is null or v_amount = 0 or abs(v_amount) > 10000 then
    perform private.fail('Enter a number of credits other than 0, up to 10000', 'grant_amount_invalid');
  end if;
  if v_reason = '' then
    perform private.fail('Please give a reason', 'reason_required');
  end if;
  if length(v_reason) > 500 then
    perform private.fail('The reason is too long', 'reason_too_long');
  end if;
  if not exists (select 1 from public.subscriptions s where s.user_id = operator_grant_credits.seller_id) then
    perform private.fail('Seller not found', 'seller_not_found');
  end if;
  -- a removal is checked under the balance's lock (change_credits takes the same lock again)
  if v_amount < 0 then
    v_balance := (private.lock_subscription(operator_grant_credits.seller_id)).credits_remaining;
    if v_balance + v_amount < 0 then
      perform private.fail(format('The seller has only %s credits: you cannot remove more', private.money2(v_balance)),
                           'remove_exceeds_balance', jsonb_build_object('available', private.money2(v_balance))::text);
    end if;
  end if;

  v_first := private.claim_request(uid, operator_grant_credits.request_id, 'operator_grant', jsonb_build_object(
    'seller_id', operator_grant_credits.seller_id, 'amount', v_amount, 'reason', v_reason));
  if v_first is not null then
    return v_first || jsonb_build_object('replayed', true);
  end if;

  l := private.change_credits(operator_grant_credits.seller_id, v_amount, 'adjustment', null,
         jsonb_build_object('note', v_reason, 'byOperator', true),
         case when v_amount > 0 then 0 end, case when v_amount > 0 then v_amount end);
  perform private.record_operator_action('grant_credits', operator_grant_credits.seller_id,
    operator_grant_credits.request_id, v_reason,
    jsonb_build_object('amount', v_amount, 'ledgerId', l.id, 'balanceAfter', l.balance_after));
  v_answer := jsonb_build_object('ledger_id', l.id, 'amount', l.amount, 'credits_remaining', l.balance_after);
  perform private.settle_request(uid, operator_grant_credits.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

-- rpc('operator_inbox', {kind?, include_handled?}) → the sellers' feedback, contact and sales
-- requests and low-credit alerts (public.outbound_notices; fix requests are the fix queue's),
-- newest first, at most 200: [{id, kind, seller_id, seller_email, seller_name, payload,
-- delivery: {status, attempts, last_error, sent_at}, created_at, handled_at, handled_by,
-- handled_by_email}]. The webhook is optional: a notice no webhook took stays here all the same.
create or replace function public.operator_inbox(kind text default null, include_handled boolean default false)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  if operator_inbox.kind is not null
     and operator_inbox.kind not in ('feedback', 'contact', 'sales', 'low_credits') then
    perform private.fail('Unknown kind of message', 'inbox_kind_invalid');
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', x.id, 'kind', x.kind, 'seller_id', x.user_id, 'seller_email', x.email,
             'seller_name', x.full_name, 'payload', x.payload,
             'delivery', jsonb_build_object('status', x.status, 'attempts', x.attempts,
                                            'last_error', x.last_error, 'sent_at', x.sent_at),
             'created_at', x.created_at, 'handled_at', x.handled_at, 'handled_by', x.handled_by,
             'handled_by_email', x.handler_email) order by x.created_at desc, x.id)
    from (
      select n.*, u.email, pr.full_name, h.email as handler_email
      from public.outbound_notices n
      left join auth.users u on u.id = n.user_id
      left join public.profiles pr on pr.id = n.user_id
      left join auth.users h on h.id = n.handled_by
      where n.kind in ('feedback', 'contact', 'sales', 'low_credits')
        and (operator_inbox.kind is null or n.kind = operator_inbox.kind)
        and (operator_inbox.include_handled or n.handled_at is null)
      order by n.created_at desc, n.id
      limit 200) x), '[]'::jsonb);
end
$$;

-- rpc('operator_mark_handled', {notice_id, handled}) → {id, handled_at, handled_by,
-- handled_by_email}. handled true records who and when (a notice already handled keeps its
-- first operator and time); false opens it again. One audit row per change; a press that
-- changes nothing records nothing.
create or replace function public.operator_mark_handled(notice_id uuid, handled boolean) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  n public.outbound_notices;
begin
  if operator_mark_handled.handled is null then
    perform private.fail('Say whether the message is handled', 'handled_required');
  end if;
  select * into n from public.outbound_notices x
    where x.id = operator_mark_handled.notice_id and x.kind <> 'fix_request' for update;
  if not found then
    perform private.fail('Message not found', 'notice_not_found');
  end if;
  if operator_mark_handled.handled <> (n.handled_at is not null) then
    update public.outbound_notices x
      set handled_at = case when operator_mark_handled.handled then private.app_now() end,
          handled_by = case when operator_mark_handled.handled then uid end
      where x.id = n.id
      returning * into n;
    perform private.record_operator_action('mark_handled', n.user_id, n.id::text, null,
      jsonb_build_object('kind', n.kind, 'handled', operator_mark_handled.handled));
  end if;
  return jsonb_build_object('id', n.id, 'handled_at', n.handled_at, 'handled_by', n.handled_by,
    'handled_by_email', (select u.email from auth.users u where u.id = n.handled_by));
end
$$;

-- rpc('operator_work_overview') → what is failing or waiting in the background:
-- {images: [...], videos: [...], queue: {...}, since}. images and videos: the last 7 days'
-- failed ones and those stuck (pending or processing for more than 30 minutes), newest first,
-- at most 100 each, with the provider's error, attempts and lease. queue: the dispatch queue
-- as claim_generation_jobs sees it (due = pending, or processing with a lapsed lease, in a
-- processing project), the images in flight, the videos waiting, and the oldest waits in
-- seconds. The health report (deploy_health and the functions' secrets) is the health
-- function's, which answers an operator through operator_deploy_health.
create or replace function public.operator_work_overview() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_since timestamptz := private.app_now() - interval '7 days';
  v_stuck timestamptz := private.app_now() - interval '30 minutes';
begin
  perform private.require_operator();
  return jsonb_build_object(
    'since', v_since,
    'images', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', x.id, 'project_id', x.project_id, 'project_name', x.name, 'seller_id', x.user_id,
               'seller_email', x.email, 'status', x.status, 'stuck', x.status in ('pending', 'processing'),
               'error', x.error, 'attempts', x.attempts, 'lease_expires_at', x.lease_expires_at,
               'worker', x.worker, 'provider_job_id', x.provider_job_id, 'refunded_at', x.refunded_at,
               'created_at', x.created_at, 'updated_at', x.updated_at) order by x.updated_at desc, x.id)
      from (
        select i.*, p.name, u.email from public.images i
        join public.projects p on p.id = i.project_id
        left join auth.users u on u.id = i.user_id
        where (i.status = 'failed' and i.updated_at >= v_since)
           or (i.status in ('pending', 'processing') and p.status = 'processing'
               and i.created_at >= v_since and i.created_at < v_stuck)
        order by i.updated_at desc, i.id
        limit 100) x), '[]'::jsonb),
    'videos', coalesce((
      select jsonb_agg(jsonb_build_object(
               'project_id', x.id, 'project_name', x.name, 'seller_id', x.user_id, 'seller_email', x.email,
               'status', x.video_status, 'stuck', x.video_status in ('pending', 'processing'),
               'error', x.video_error, 'attempts', x.video_attempts,
               'lease_expires_at', x.video_lease_expires_at, 'worker', x.video_worker,
               'provider_job_id', x.video_provider_job_id, 'requested_at', x.video_requested_at,
               'updated_at', x.updated_at) order by x.video_requested_at desc, x.id)
      from (
        select p.*, u.email from public.projects p
        left join auth.users u on u.id = p.user_id
        where p.video_requested_at >= v_since
          and (p.video_status = 'failed'
               or (p.video_status in ('pending', 'processing') and p.video_requested_at < v_stuck))
        order by p.video_requested_at desc, p.id
        limit 100) x), '[]'::jsonb),
    'queue', (
      select jsonb_build_object(
        'images_due', count(*) filter (where q.due),
        'oldest_image_wait_seconds',
          floor(extract(epoch from (v_now - min(q.created_at) filter (where q.due))))::integer,
        'images_in_flight', count(*) filter (where not q.due),
        'videos_waiting', (select count(*) from public.projects p where p.video_status in ('pending', 'processing')),
        'oldest_video_wait_seconds', (
          select floor(extract(epoch from (v_now - min(p.video_requested_at))))::integer
          from public.projects p where p.video_status in ('pending', 'processing')),
        'at_providers', (select count(*) from private.provider_waits))
      from (
        select i.created_at,
               (i.status = 'pending' or i.lease_expires_at < v_now) is true as due
        from public.images i
        join public.projects p on p.id = i.project_id and p.status = 'processing'
        where i.status in ('pending', 'processing')) q));
end
$$;

-- rpc('operator_deploy_health') → public.deploy_health() for an operator: the health function
-- answers an operator's JWT through it (the role is checked here, in SQL, like every
-- operator_ function) and adds the functions' own secrets.
create or replace function public.operator_deploy_health() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  return public.deploy_health();
end
$$;

create policy "operators read operator actions" on public.operator_actions for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'operator');

-- The console shows the original result, the seller's drawing and the answer of every fix.
create policy "drape: operators read fix pictures"
  on storage.objects for select to authenticated
  using (bucket_id in ('generated', 'watermarked', 'fix-drawings')
         and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'operator');

-- Privileges ----------------------------------------------------------------------------
revoke all on public.operator_actions from anon, authenticated;
grant select on public.operator_actions to authenticated;
revoke all on function private.tg_operator_actions_append_only() from public;
revoke all on function private.is_operator() from public;
revoke all on function private.require_operator() from public;
revoke all on function private.record_operator_action(p_action text, p_seller_id uuid, p_subject text, p_reason text, p_details jsonb) from public;
revoke all on function private.operator_fix_row(f fixes) from public;
revoke all on function public.operator_fix_queue() from public;
revoke all on function public.operator_start_fix(fix_id uuid) from public;
revoke all on function public.operator_reject_fix(fix_id uuid, note text) from public;
revoke all on function public.operator_fix_target(fix_id uuid) from public;
revoke all on function public.operator_answer_fix(fix_id uuid, result_path text, watermarked_path text, note text) from public;
revoke all on function public.operator_find_seller(query text) from public;
revoke all on function public.operator_grant_credits(seller_id uuid, amount numeric, reason text, request_id text) from public;
revoke all on function public.operator_inbox(kind text, include_handled boolean) from public;
revoke all on function public.operator_mark_handled(notice_id uuid, handled boolean) from public;
revoke all on function public.operator_work_overview() from public;
revoke all on function public.operator_deploy_health() from public;
