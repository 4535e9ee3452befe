-- The operator console's Sellers tab (/operator/sellers): one seller's account as the console
-- shows it, and the help an operator gives without SQL: refunding an image or a batch and
-- putting failed or stuck work back in the queue. Every function checks the role first
-- (private.require_operator, 97_operator.sql), reads the tables as their owner (they stay
-- under row-level security for everyone else), takes a reason and a request id, and records
-- itself in public.operator_actions. Granting and removing credits is operator_grant_credits.

-- The reason every action here needs: non-empty, at most 500 characters.
create or replace function private.operator_reason(p_reason text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_reason, ''));
begin
  if v = '' then
    perform private.fail('Please give a reason', 'reason_required');
  end if;
  if length(v) > 500 then
    perform private.fail('The reason is too long', 'reason_too_long');
  end if;
  return v;
end
$$;

-- Work is stuck when it has been waiting or running unchanged this long: only stuck or failed
-- work may be made again (a retry of work still moving would start a second provider job for it).
create or replace function private.operator_stuck_before() returns timestamptz
language sql stable
set search_path = ''
as $$
  select private.app_now() - interval '30 minutes'
$$;

create or replace function private.operator_request_id(p_request_id text) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if nullif(btrim(p_request_id), '') is null then
    perform private.fail('Invalid request id', 'request_id_invalid');
  end if;
end
$$;

-- rpc('operator_seller_overview', {seller_id, ledger_before?, ledger_limit?}) → one seller:
-- {seller: {id, email, name, created_at, last_sign_in_at}, subscription: {plan, scheduled_plan,
-- status, credits_remaining, plan_credits, purchased_credits, rollover_credits, credits_used,
-- current_period_start, current_period_end, cancel_at_period_end, has_stripe},
-- ledger: [...] and ledger_more, projects, fixes, batches, payments}.
-- ledger: the credit_ledger rows the seller's own /history reads (the same columns: id, amount,
-- reason, reference, refund_of, details, created_at), newest first, ledger_limit (1 to 500,
-- default 100) at a time before ledger_before; ledger_more says whether older rows remain.
-- projects: the newest 100 with their images' statuses (errors, attempts, refunded_at).
-- fixes: as /history reads them. batches: the newest 50 with their images counted by status
-- and what is left to refund. payments: the payment provider's events about the seller (with
-- the failure message the event carries), the billing rows of the history log (the same as
-- the seller's purchases list, plus failed credit purchases) and the credit-pack checkouts
-- with their quote and what was paid.
create or replace function public.operator_seller_overview(
  seller_id uuid, ledger_before timestamptz default null, ledger_limit integer default 100)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_id uuid := operator_seller_overview.seller_id;
  v_limit integer := least(greatest(coalesce(operator_seller_overview.ledger_limit, 100), 1), 500);
  v_ledger jsonb;
begin
  perform private.require_operator();
  if not exists (select 1 from public.subscriptions s where s.user_id = v_id) then
    perform private.fail('Seller not found', 'seller_not_found');
  end if;
  select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at desc, x.id), '[]'::jsonb) into v_ledger
  from (
    select l.id, l.amount, l.reason, l.reference, l.refund_of, l.details, l.created_at
    from public.credit_ledger l
    where l.user_id = v_id
      and (operator_seller_overview.ledger_before is null or l.created_at < operator_seller_overview.ledger_before)
    order by l.created_at desc, l.id
    limit v_limit + 1) x;
  return jsonb_build_object(
    'seller', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'name', pr.full_name, 'created_at', u.created_at,
                                'last_sign_in_at', u.last_sign_in_at)
      from auth.users u left join public.profiles pr on pr.id = u.id where u.id = v_id),
    'subscription', (
      select jsonb_build_object(
        'plan', s.plan, 'scheduled_plan', s.scheduled_plan, 'status', s.status,
        'credits_remaining', s.credits_remaining, 'plan_credits', s.plan_credits,
        'purchased_credits', s.purchased_credits, 'rollover_credits', s.rollover_credits,
        'credits_used', s.credits_used, 'current_period_start', s.current_period_start,
        'current_period_end', s.current_period_end, 'cancel_at_period_end', s.cancel_at_period_end,
        'has_stripe', s.stripe_subscription_id is not null)
      from public.subscriptions s where s.user_id = v_id),
    'ledger', coalesce((select jsonb_agg(e) from (
        select e from jsonb_array_elements(v_ledger) with ordinality as t (e, n) where n <= v_limit order by n) y),
      '[]'::jsonb),
    'ledger_more', jsonb_array_length(v_ledger) > v_limit,
    'projects', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'name', p.name, 'type', p.type, 'status', p.status, 'created_at', p.created_at,
               'updated_at', p.updated_at, 'batch_id', p.batch_id, 'credits_charged', p.credits_charged,
               'video_status', p.video_status, 'video_error', p.video_error,
               'video_requested_at', p.video_requested_at, 'video_attempts', p.video_attempts,
               'video_stuck', p.video_status in ('pending', 'processing')
                 and coalesce(p.video_requested_at, p.updated_at) < private.operator_stuck_before(),
               'images', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'id', i.id, 'status', i.status, 'error', i.error, 'attempts', i.attempts,
                          'credit_cost', i.credit_cost, 'refunded_at', i.refunded_at,
                          'lease_expires_at', i.lease_expires_at, 'created_at', i.created_at,
                          'updated_at', i.updated_at,
                          'stuck', i.status in ('pending', 'processing')
                            and i.updated_at < private.operator_stuck_before()) order by i.position, i.id)
                 from public.images i where i.project_id = p.id), '[]'::jsonb))
             order by p.created_at desc, p.id)
      from (select * from public.projects x where x.user_id = v_id order by x.created_at desc, x.id limit 100) p),
      '[]'::jsonb),
    'fixes', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', f.id, 'project_id', f.project_id, 'status', f.status, 'created_at', f.created_at,
               'projects', jsonb_build_object('name', p.name, 'type', p.type)) order by f.created_at desc, f.id)
      from (select * from public.fixes x where x.user_id = v_id order by x.created_at desc, x.id limit 500) f
      left join public.projects p on p.id = f.project_id), '[]'::jsonb),
    'batches', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', b.id, 'name', b.name, 'project_type', b.project_type, 'item_count', b.item_count,
               'credits_charged', b.credits_charged, 'created_at', b.created_at,
               'images', c.counts, 'refundable', c.refundable) order by b.created_at desc, b.id)
      from (select * from public.batches x where x.user_id = v_id order by x.created_at desc, x.id limit 50) b
      cross join lateral (
        select jsonb_build_object(
                 'pending', count(*) filter (where i.status in ('pending', 'processing')),
                 'completed', count(*) filter (where i.status = 'completed'),
                 'failed', count(*) filter (where i.status = 'failed'),
                 'rejected', count(*) filter (where i.status = 'rejected'),
                 'refunded', count(*) filter (where i.refunded_at is not null)) as counts,
               coalesce(sum(i.credit_cost) filter (where i.refunded_at is null
                                                     and i.status not in ('pending', 'processing')), 0) as refundable
        from public.projects p join public.images i on i.project_id = p.id
        where p.batch_id = b.id) c), '[]'::jsonb),
    'payments', jsonb_build_object(
      'events', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', e.id, 'type', e.type, 'received_at', e.received_at, 'processed_at', e.processed_at,
                 'failure', coalesce(e.payload #>> '{data,object,last_payment_error,message}',
                                     e.payload #>> '{data,object,last_finalization_error,message}',
                                     e.payload #>> '{data,object,failure_message}'))
               order by e.received_at desc, e.id)
        from (select * from public.payment_events x where x.user_id = v_id
              order by x.received_at desc, x.id limit 50) e), '[]'::jsonb),
      'history', coalesce((
        select jsonb_agg(jsonb_build_object('id', w.id, 'event_type', w.event_type, 'raw_data', w.raw_data,
                                            'created_at', w.created_at) order by w.created_at desc, w.id)
        from (select * from public.webhook_logs x where x.user_id = v_id
                and x.event_type in ('credit_purchase_processed', 'subscription_updated', 'plan_determination',
                                     'subscription_plan_changed', 'user_activity_credits_purchase_failed')
              order by x.created_at desc, x.id limit 100) w), '[]'::jsonb),
      'checkouts', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', q.id, 'credits', q.credits, 'amount_cents', q.amount_cents, 'currency', q.currency,
                 'status', q.status, 'paid_amount_cents', q.paid_amount_cents, 'paid_currency', q.paid_currency,
                 'plan', q.plan, 'created_at', q.created_at, 'settled_at', q.settled_at)
               order by q.created_at desc, q.id)
        from (select * from private.credit_pack_quotes x where x.user_id = v_id
              order by x.created_at desc, x.id limit 50) q), '[]'::jsonb)));
end
$$;

-- Refunds one image's credit (private.refund of its project's charge, reference
-- 'image:<id>': the same refund a failed image gets, so an image is refunded at most once
-- whoever asks). Locks the project, then the image, as every outcome does. Answers the credits
-- refunded; raises already_refunded when the image has been refunded.
create or replace function private.operator_refund_one_image(p_image_id uuid, p_reason text) returns numeric
language plpgsql
set search_path = ''
as $$
declare
  i public.images;
  p public.projects;
  l public.credit_ledger;
begin
  select * into p from public.projects x
    where x.id = (select im.project_id from public.images im where im.id = p_image_id) for update;
  select * into i from public.images x where x.id = p_image_id for update;
  if not found then
    perform private.fail('Image not found', 'image_not_found');
  end if;
  if i.status in ('pending', 'processing') then
    perform private.fail('This image is still being made: retry it or wait until it finishes', 'refund_in_progress');
  end if;
  if i.refunded_at is not null
     or exists (select 1 from public.credit_ledger x
                where x.user_id = i.user_id and x.reason = 'refund' and x.reference = 'image:' || i.id) then
    perform private.fail('This image has already been refunded', 'already_refunded');
  end if;
  if i.credit_cost <= 0 or p.charge_id is null then
    perform private.fail('Nothing was charged for this image', 'refund_nothing_charged');
  end if;
  l := private.refund(p.charge_id, i.credit_cost, 'image:' || i.id,
         jsonb_build_object('imageId', i.id, 'projectId', p.id, 'status', i.status, 'byOperator', true,
                            'note', p_reason));
  if l.id is null then
    perform private.fail('This image has already been refunded', 'already_refunded');
  end if;
  update public.images x set refunded_at = private.app_now() where x.id = i.id;
  return l.amount;
end
$$;

-- rpc('operator_refund_image', {image_id, reason, request_id}) → {image_id, seller_id,
-- refunded, credits_remaining, replayed}: gives back the credit a failed image or a bad result
-- was charged, once. A second request for it says already_refunded; a repeat of the same
-- request id answers the first outcome. An image still being made is refused
-- (refund_in_progress): retry it, or let it fail (which refunds it).
create or replace function public.operator_refund_image(image_id uuid, reason text, request_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  v_reason text := private.operator_reason(operator_refund_image.reason);
  v_seller uuid;
  v_first jsonb;
  v_refunded numeric;
  v_answer jsonb;
begin
  perform private.operator_request_id(operator_refund_image.request_id);
  select i.user_id into v_seller from public.images i where i.id = operator_refund_image.image_id;
  if v_seller is null then
    perform private.fail('Image not found', 'image_not_found');
  end if;
  v_first := private.claim_request(uid, operator_refund_image.request_id, 'operator_refund', jsonb_build_object(
    'image_id', operator_refund_image.image_id, 'reason', v_reason));
  if v_first is not null then
    return v_first || jsonb_build_object('replayed', true);
  end if;
  v_refunded := private.operator_refund_one_image(operator_refund_image.image_id, v_reason);
  perform private.record_operator_action('refund_image', v_seller, operator_refund_image.image_id::text, v_reason,
    jsonb_build_object('refunded', v_refunded, 'requestId', operator_refund_image.request_id));
  v_answer := jsonb_build_object('image_id', operator_refund_image.image_id, 'seller_id', v_seller,
    'refunded', v_refunded,
    'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = v_seller));
  perform private.settle_request(uid, operator_refund_image.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

-- rpc('operator_refund_batch', {batch_id, reason, request_id}) → {batch_id, seller_id, refunded,
-- images, credits_remaining, replayed}: every image of the batch not refunded yet gets its
-- credit back (each as operator_refund_image would, so never twice). Refused while any of its
-- images is still being made (refund_in_progress); batch_already_refunded when nothing is left.
-- The batch row is locked first, so concurrent refunds of one batch run one after the other.
create or replace function public.operator_refund_batch(batch_id uuid, reason text, request_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  v_reason text := private.operator_reason(operator_refund_batch.reason);
  b public.batches;
  v_first jsonb;
  v_image record;
  v_refunded numeric := 0;
  v_images integer := 0;
  v_answer jsonb;
begin
  perform private.operator_request_id(operator_refund_batch.request_id);
  if not exists (select 1 from public.batches x where x.id = operator_refund_batch.batch_id) then
    perform private.fail('Batch not found', 'batch_not_found');
  end if;
  v_first := private.claim_request(uid, operator_refund_batch.request_id, 'operator_refund', jsonb_build_object(
    'batch_id', operator_refund_batch.batch_id, 'reason', v_reason));
  if v_first is not null then
    return v_first || jsonb_build_object('replayed', true);
  end if;
  select * into b from public.batches x where x.id = operator_refund_batch.batch_id for update;
  if exists (select 1 from public.projects p join public.images i on i.project_id = p.id
             where p.batch_id = b.id and i.status in ('pending', 'processing')) then
    perform private.fail('Some images of this batch are still being made: retry them or wait until they finish',
                         'refund_in_progress');
  end if;
  for v_image in
    select i.id from public.projects p join public.images i on i.project_id = p.id
    where p.batch_id = b.id and i.refunded_at is null and i.credit_cost > 0
    order by p.id, i.id
  loop
    v_refunded := v_refunded + private.operator_refund_one_image(v_image.id, v_reason);
    v_images := v_images + 1;
  end loop;
  if v_images = 0 then
    perform private.fail('This batch has already been refunded', 'batch_already_refunded');
  end if;
  perform private.record_operator_action('refund_batch', b.user_id, b.id::text, v_reason,
    jsonb_build_object('refunded', v_refunded, 'images', v_images, 'requestId', operator_refund_batch.request_id));
  v_answer := jsonb_build_object('batch_id', b.id, 'seller_id', b.user_id, 'refunded', v_refunded,
    'images', v_images,
    'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = b.user_id));
  perform private.settle_request(uid, operator_refund_batch.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

-- rpc('operator_retry_image', {image_id, reason, request_id}) → {image_id, seller_id, project_id,
-- retried: [image ids], replayed}: a failed or stuck image goes back in the queue as new work
-- (pending; attempts, lease, worker and provider job cleared, its provider waits and kept
-- callbacks dropped, as retry_engine_job clears them) and charges nothing: a failed image
-- keeps the refund it got (refunded_at), so failing again refunds nothing twice. A project
-- fails while any of its images has, so its other failed images go back with it and the
-- project is processing again. A completed image is refused (retry_finished: refund it
-- instead), a rejected one too (retry_rejected: it broke the content rules).
create or replace function public.operator_retry_image(image_id uuid, reason text, request_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  v_reason text := private.operator_reason(operator_retry_image.reason);
  v_first jsonb;
  i public.images;
  p public.projects;
  v_ids uuid[];
  v_id uuid;
  v_answer jsonb;
begin
  perform private.operator_request_id(operator_retry_image.request_id);
  if not exists (select 1 from public.images x where x.id = operator_retry_image.image_id) then
    perform private.fail('Image not found', 'image_not_found');
  end if;
  v_first := private.claim_request(uid, operator_retry_image.request_id, 'operator_retry', jsonb_build_object(
    'image_id', operator_retry_image.image_id, 'reason', v_reason));
  if v_first is not null then
    return v_first || jsonb_build_object('replayed', true);
  end if;
  -- lock order: project, then image
  select * into p from public.projects x
    where x.id = (select im.project_id from public.images im where im.id = operator_retry_image.image_id) for update;
  select * into i from public.images x where x.id = operator_retry_image.image_id for update;
  if i.status = 'completed' then
    perform private.fail('This image is finished: refund it instead if the result is bad', 'retry_finished');
  end if;
  if i.status = 'rejected' or p.status = 'rejected' then
    perform private.fail('This image was rejected by the content rules and cannot be made again', 'retry_rejected');
  end if;
  if p.status not in ('processing', 'failed') then
    perform private.fail('This image is finished: refund it instead if the result is bad', 'retry_finished');
  end if;
  if i.status in ('pending', 'processing') and i.updated_at >= private.operator_stuck_before() then
    perform private.fail('This is still being made: it can be made again after 30 minutes without progress',
      'retry_not_stuck');
  end if;
  select array_agg(x.id order by x.position, x.id) into v_ids from public.images x
    where x.id = i.id or (x.project_id = p.id and x.status = 'failed');
  delete from private.provider_waits w where w.kind = 'image' and w.job_id = any (v_ids);
  delete from private.pending_callbacks c where c.kind = 'image' and c.job_id = any (v_ids);
  foreach v_id in array v_ids loop
    perform set_config('drape.operator_retry_image', v_id::text, true);
    update public.images x set status = 'pending', attempts = 0, lease_expires_at = null, worker = null,
      provider_job_id = null, next_attempt_at = null, error = null
    where x.id = v_id;
  end loop;
  perform set_config('drape.operator_retry_image', '', true);
  if p.status = 'failed' then
    update public.projects x set status = 'processing', completed_at = null where x.id = p.id;
  end if;
  perform private.record_operator_action('retry_image', i.user_id, i.id::text, v_reason,
    jsonb_build_object('projectId', p.id, 'images', to_jsonb(v_ids), 'previousStatus', i.status,
                       'previousError', i.error, 'requestId', operator_retry_image.request_id));
  -- wake the dispatcher (delivered on commit; hosted: through pg_net)
  perform pg_notify('generation_jobs', 'retry:' || p.id::text);
  perform private.invoke_dispatch('images');
  v_answer := jsonb_build_object('image_id', i.id, 'seller_id', i.user_id, 'project_id', p.id,
                                 'retried', to_jsonb(v_ids));
  perform private.settle_request(uid, operator_retry_image.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

-- rpc('operator_retry_video', {project_id, reason, request_id}) → {project_id, seller_id,
-- replayed}: a failed or stuck video goes back in the queue (pending: tg_projects_video_request
-- clears attempts, lease, worker and provider job) and charges nothing; a failed video keeps
-- its refund (reference 'ledger:<charge>'), so failing again refunds nothing twice. Refused on a
-- finished video (video_finished) or a project without one (video_not_found).
create or replace function public.operator_retry_video(project_id uuid, reason text, request_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_operator();
  v_reason text := private.operator_reason(operator_retry_video.reason);
  v_first jsonb;
  p public.projects;
  v_answer jsonb;
begin
  perform private.operator_request_id(operator_retry_video.request_id);
  if not exists (select 1 from public.projects x
                 where x.id = operator_retry_video.project_id and x.video_status is not null) then
    perform private.fail('Video not found', 'video_not_found');
  end if;
  v_first := private.claim_request(uid, operator_retry_video.request_id, 'operator_retry', jsonb_build_object(
    'project_id', operator_retry_video.project_id, 'reason', v_reason));
  if v_first is not null then
    return v_first || jsonb_build_object('replayed', true);
  end if;
  select * into p from public.projects x where x.id = operator_retry_video.project_id for update;
  if p.video_status = 'completed' then
    perform private.fail('This video is finished and cannot be made again', 'video_finished');
  end if;
  if p.video_status in ('pending', 'processing')
     and coalesce(p.video_requested_at, p.updated_at) >= private.operator_stuck_before() then
    perform private.fail('This is still being made: it can be made again after 30 minutes without progress',
      'retry_not_stuck');
  end if;
  delete from private.provider_waits w where w.kind = 'video' and w.job_id = p.id;
  delete from private.pending_callbacks c where c.kind = 'video' and c.job_id = p.id;
  if p.video_status = 'pending' then
    -- waiting already: a fresh start all the same
    update public.projects x set video_attempts = 0, video_lease_expires_at = null, video_worker = null,
      video_provider_job_id = null, video_next_attempt_at = null, video_error = null
    where x.id = p.id;
    perform private.invoke_dispatch('video');
  else
    -- tg_projects_video_request starts a fresh job; kick_dispatch_video wakes the dispatcher
    update public.projects x set video_status = 'pending', video_error = null where x.id = p.id;
  end if;
  perform private.record_operator_action('retry_video', p.user_id, p.id::text, v_reason,
    jsonb_build_object('previousStatus', p.video_status, 'previousError', p.video_error,
                       'requestId', operator_retry_video.request_id));
  v_answer := jsonb_build_object('project_id', p.id, 'seller_id', p.user_id);
  perform private.settle_request(uid, operator_retry_video.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.operator_reason(p_reason text) from public;
revoke all on function private.operator_request_id(p_request_id text) from public;
revoke all on function private.operator_stuck_before() from public;
revoke all on function private.operator_refund_one_image(p_image_id uuid, p_reason text) from public;
revoke all on function public.operator_seller_overview(seller_id uuid, ledger_before timestamp with time zone, ledger_limit integer) from public;
revoke all on function public.operator_refund_image(image_id uuid, reason text, request_id text) from public;
revoke all on function public.operator_refund_batch(batch_id uuid, reason text, request_id text) from public;
revoke all on function public.operator_retry_image(image_id uuid, reason text, request_id text) from public;
revoke all on function public.operator_retry_video(project_id uuid, reason text, request_id text) from public;
