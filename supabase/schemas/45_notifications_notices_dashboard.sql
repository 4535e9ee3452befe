create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null constraint notifications_type_check check (type in (
    'project_created', 'project_completed', 'project_failed', 'project_rejected',
    'credits_low', 'credits_empty',
    'video_completed', 'video_failed',
    'fix_processing', 'fix_completed', 'fix_rejected',
    'payment_received', 'credits_added', 'credits_refunded', 'plan_changed',
    'purchase_failed', 'credits_granted', 'credits_removed')),
  title text not null,
  message text not null,
  project_id uuid references public.projects (id) on delete set null,
  -- values the app needs to show the text in another language (projectName, credits)
  data jsonb not null default '{}'::jsonb,
  read boolean not null default false,
  created_at timestamptz not null default now()
);
alter table public.notifications enable row level security;

-- Activity and purchase history (spec 1 §3, spec 2 §3). Activity events are
-- 'user_activity_<type>'; billing events are credit_purchase_processed,
-- subscription_updated, plan_determination, subscription_plan_changed.
create table public.webhook_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  event_type text not null,
  customer_id text,
  subscription_id text,
  price_id text,
  raw_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
alter table public.webhook_logs enable row level security;

-- Outbound notices (feedback, contact, sales requests, low-credit notices, fix requests):
-- stored first, then posted by the functions layer, so a failing webhook loses nothing.
create table public.outbound_notices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  kind text not null check (kind in ('feedback', 'contact', 'sales', 'low_credits', 'fix_request')),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  -- an operator marked it handled in the console's Inbox (operator_mark_handled)
  handled_at timestamptz,
  handled_by uuid references auth.users (id) on delete set null
);
alter table public.outbound_notices enable row level security;

-- Web Push: one row per device (a browser's push subscription) of a seller. The app saves
-- it when the settings' "App notifications" switch is on (save_push_subscription) and
-- deletes it when the switch goes off; the sender deletes it when the push service says it
-- has expired (404/410). An endpoint belongs to whoever subscribed last on that browser.
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null constraint push_subscriptions_endpoint_key unique
    constraint push_subscriptions_endpoint_check check (endpoint ~ '^https://[^\s]+$' and length(endpoint) <= 2048),
  -- the browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url
  p256dh text not null constraint push_subscriptions_p256dh_check check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null constraint push_subscriptions_auth_check check (auth ~ '^[A-Za-z0-9_-]{22,24}={0,2}$'),
  -- what the seller would recognise the device by (the browser's user agent, shortened)
  device_label text constraint push_subscriptions_device_label_check check (length(device_label) <= 300),
  -- the language the pushes are worded in (the app's language when it last saved the row)
  language text not null default 'en' constraint push_subscriptions_language_check check (language in ('en', 'el')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- when a push last reached the push service for this device
  last_used_at timestamptz
);
alter table public.push_subscriptions enable row level security;

-- Pushes to send: one row per notification worth a push (a project or a video finished or
-- failed) and device, made by a trigger on notifications and sent by the send-push function.
-- A push the push service refused for a while is retried with backoff; after 5 attempts or a
-- day it is given up (a late "your project is ready" helps nobody).
create table public.push_deliveries (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null references public.notifications (id) on delete cascade,
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  status text not null default 'pending' constraint push_deliveries_status_check
    check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint push_deliveries_notification_subscription_key unique (notification_id, subscription_id)
);
alter table public.push_deliveries enable row level security;

create index notifications_user_created_idx on public.notifications (user_id, created_at desc);

create index notifications_unread_idx on public.notifications (user_id) where not read;

create index webhook_logs_user_event_idx on public.webhook_logs (user_id, event_type, created_at desc);

create index webhook_logs_user_created_idx on public.webhook_logs (user_id, created_at desc);

create index outbound_notices_due_idx on public.outbound_notices (next_attempt_at) where status in ('pending', 'sending');

create index outbound_notices_user_idx on public.outbound_notices (user_id, kind, created_at desc);

create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

create index push_deliveries_due_idx on public.push_deliveries (next_attempt_at) where status in ('pending', 'sending');

create index push_deliveries_subscription_idx on public.push_deliveries (subscription_id);

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

-- Returns true when the notification was unread and is now read.
create or replace function public.mark_notification_read(notification_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_count integer;
begin
  update public.notifications set read = true
    where id = mark_notification_read.notification_id and user_id = uid and not read;
  get diagnostics v_count = row_count;
  return v_count > 0;
end
$$;

-- Returns how many notifications became read.
create or replace function public.mark_all_notifications_read() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_count integer;
begin
  update public.notifications set read = true where user_id = uid and not read;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- rpc('get_project_stats') → {total, completed, in_progress, rejected, failed, archived}.
-- completed counts archived projects too (only completed projects can be archived);
-- in_progress is draft + processing.
create or replace function public.get_project_stats() returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'total', count(*),
    'completed', count(*) filter (where status in ('completed', 'archived')),
    'in_progress', count(*) filter (where status in ('draft', 'processing')),
    'rejected', count(*) filter (where status = 'rejected'),
    'failed', count(*) filter (where status = 'failed'),
    'archived', count(*) filter (where status = 'archived'))
  from public.projects
  where user_id = auth.uid()
$$;

-- rpc('get_recent_activity') → up to 10 items, newest first, merged from the 5 latest
-- projects, 3 latest fixes and 5 latest tool uses (spec 1 §9). Each item:
-- {id, type (project_created | project_completed | fix_requested | tool_used), date,
--  details, metadata {projectId, projectName, projectType, fixId, toolName, toolDetails}}.
create or replace function public.get_recent_activity() returns jsonb
language sql stable
set search_path = ''
as $$
  with projects as (
    select p.id, p.name, p.type, p.status, p.created_at, p.completed_at, p.updated_at
    from public.projects p where p.user_id = auth.uid()
    order by p.created_at desc limit 5),
  fixes as (
    select f.id, f.project_id, f.created_at, p.name as project_name, p.type as project_type
    from public.fixes f left join public.projects p on p.id = f.project_id
    where f.user_id = auth.uid()
    order by f.created_at desc limit 3),
  tools as (
    select w.id, w.raw_data, w.created_at
    from public.webhook_logs w
    where w.user_id = auth.uid() and w.event_type = 'user_activity_tool_used'
    order by w.created_at desc limit 5),
  items as (
    select 'project:' || p.id as id,
           case when p.status in ('completed', 'archived') then 'project_completed' else 'project_created' end as type,
           case when p.status in ('completed', 'archived') then coalesce(p.completed_at, p.updated_at) else p.created_at end as date,
           case when p.status in ('completed', 'archived') then format('Completed project "%s"', p.name)
                else format('Created project "%s"', p.name) end as details,
           jsonb_build_object('projectId', p.id, 'projectName', p.name, 'projectType', p.type, 'status', p.status) as metadata
    from projects p
    union all
    select 'fix:' || f.id, 'fix_requested', f.created_at,
           format('Fix requested for "%s"', coalesce(f.project_name, '')),
           jsonb_build_object('projectId', f.project_id, 'projectName', f.project_name, 'projectType', f.project_type, 'fixId', f.id)
    from fixes f
    union all
    select 'tool:' || t.id, 'tool_used', t.created_at,
           coalesce(t.raw_data ->> 'details', t.raw_data ->> 'toolName'),
           jsonb_build_object('toolName', coalesce(t.raw_data ->> 'toolName', t.raw_data -> 'metadata' ->> 'toolName'),
                              'toolDetails', t.raw_data ->> 'details',
                              'creditsUsed', coalesce(t.raw_data -> 'creditsUsed', t.raw_data -> 'metadata' -> 'creditsUsed'))
    from tools t),
  newest as (select * from items order by date desc, id limit 10)
  select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'type', n.type, 'date', n.date, 'details', n.details,
                                               'metadata', n.metadata) order by n.date desc, n.id), '[]'::jsonb)
  from newest n
$$;

create or replace function private.store_notice(p_user_id uuid, p_kind text, p_payload jsonb) returns uuid
language plpgsql
set search_path = ''
as $$
declare v_id uuid;
begin
  -- at most 10 of a kind per user per hour
  if (select count(*) from public.outbound_notices n
      where n.user_id = p_user_id and n.kind = p_kind and n.created_at > now() - interval '1 hour') >= 10 then
    perform private.fail('Too many requests. Please try again later.', 'rate_limited');
  end if;
  insert into public.outbound_notices (user_id, kind, payload) values (p_user_id, p_kind, p_payload)
  returning id into v_id;
  return v_id;
end
$$;

-- Feedback dialog: payload {feedback, email, name}. Returns the notice id.
create or replace function public.submit_feedback(feedback text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_text text := btrim(coalesce(submit_feedback.feedback, ''));
  v_email text;
  v_name text;
begin
  if v_text = '' then
    perform private.fail('Please enter your feedback', 'feedback_required');
  end if;
  select u.email, coalesce(p.full_name, split_part(u.email, '@', 1)) into v_email, v_name
    from auth.users u left join public.profiles p on p.id = u.id where u.id = uid;
  return private.store_notice(uid, 'feedback',
    jsonb_build_object('feedback', left(v_text, 5000), 'email', v_email, 'name', v_name));
end
$$;

-- Contact dialog: payload {fullName, email, details}, validated as spec 1 §5 says.
create or replace function public.submit_contact_request(full_name text, email text, details text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_name text := btrim(coalesce(submit_contact_request.full_name, ''));
  v_email text := btrim(coalesce(submit_contact_request.email, ''));
  v_details text := btrim(coalesce(submit_contact_request.details, ''));
begin
  if v_name = '' then
    perform private.fail('Full name is required', 'full_name_required');
  end if;
  if v_email = '' then
    perform private.fail('Email is required', 'email_required');
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform private.fail('Please enter a valid email address', 'email_invalid');
  end if;
  if v_details = '' then
    perform private.fail('Please provide request details', 'details_required');
  end if;
  return private.store_notice(uid, 'contact',
    jsonb_build_object('fullName', left(v_name, 200), 'email', left(v_email, 320), 'details', left(v_details, 5000)));
end
$$;

-- Enterprise sales form (spec 2 §5, §7): payload {fullName, companyName, email, phone,
-- creditAmount, message, timestamp, plan}.
create or replace function public.submit_sales_request(
  full_name text, company_name text, email text, phone text default null,
  credit_amount integer default 500, message text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_name text := btrim(coalesce(submit_sales_request.full_name, ''));
  v_company text := btrim(coalesce(submit_sales_request.company_name, ''));
  v_email text := btrim(coalesce(submit_sales_request.email, ''));
  v_plan text;
begin
  if v_name = '' then
    perform private.fail('Full name is required', 'full_name_required');
  end if;
  if v_company = '' then
    perform private.fail('Company name is required', 'company_name_required');
  end if;
  if v_email = '' then
    perform private.fail('Email is required', 'email_required');
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform private.fail('Please enter a valid email', 'email_invalid');
  end if;
  if coalesce(submit_sales_request.credit_amount, 0) < 500 then
    perform private.fail('Credit amount must be at least 500', 'credit_amount_too_low');
  end if;
  select s.plan into v_plan from public.subscriptions s where s.user_id = uid;
  return private.store_notice(uid, 'sales', jsonb_build_object(
    'fullName', left(v_name, 200), 'companyName', left(v_company, 200), 'email', left(v_email, 320),
    'phone', coalesce(nullif(btrim(submit_sales_request.phone), ''), 'Not provided'),
    'creditAmount', submit_sales_request.credit_amount,
    'message', coalesce(nullif(btrim(submit_sales_request.message), ''), 'No additional message'),
    'timestamp', to_jsonb(private.app_now()), 'plan', v_plan));
end
$$;

-- Delivery queue (service role): claim due notices, then report each one. A failed post
-- is retried with backoff (1, 2, 4 … minutes) and given up after 8 attempts.
create or replace function public.claim_outbound_notices(max_notices integer default 10, lease_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_out jsonb;
begin
  with picked as (
    select n.id from public.outbound_notices n
    where n.status in ('pending', 'sending') and n.next_attempt_at <= v_now
    order by n.next_attempt_at, n.created_at
    limit greatest(max_notices, 0)
    for update skip locked),
  claimed as (
    update public.outbound_notices n set status = 'sending', attempts = n.attempts + 1,
      next_attempt_at = v_now + make_interval(secs => lease_seconds)
    from picked where n.id = picked.id
    returning n.id, n.kind, n.payload, n.attempts, n.user_id, n.created_at)
  select coalesce(jsonb_agg(to_jsonb(c) order by c.created_at), '[]'::jsonb) into v_out from claimed c;
  return v_out;
end
$$;

create or replace function public.report_outbound_notice(notice_id uuid, delivered boolean, error text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare n public.outbound_notices;
begin
  update public.outbound_notices o set
    status = case when delivered then 'sent' when o.attempts >= 8 then 'failed' else 'pending' end,
    sent_at = case when delivered then now() else o.sent_at end,
    last_error = case when delivered then null else left(report_outbound_notice.error, 2000) end,
    next_attempt_at = case when delivered then o.next_attempt_at
                           else private.app_now() + make_interval(mins => power(2, least(o.attempts - 1, 10))::integer) end
  where o.id = report_outbound_notice.notice_id and o.status in ('sending', 'pending')
  returning * into n;
  return to_jsonb(n);
end
$$;

-- POSTs {} to send-notice with the service role key when an outbound notice is due; returns
-- pg_net's request id, or null when nothing is due or pg_net, Vault or a secret is missing.
-- pg_net sends after the calling transaction commits and never blocks it.
create or replace function private.invoke_send_notice() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.outbound_notices
     where status in ('pending', 'sending') and next_attempt_at <= now()
  ) then
    return null;
  end if;
  return private.invoke_edge_function('send-notice');
end
$$;

-- Web Push ------------------------------------------------------------------------------

-- The push services browsers subscribe with, the one list the SQL reads (the sender checks
-- the same list again: supabase/functions/_shared/push/endpoint.ts, and a unit test keeps the
-- two in step): Chrome, Edge's Chromium and the other Chromium browsers (FCM), Firefox
-- (Mozilla's autopush), Safari (Apple), Edge on Windows' own push (WNS). A host, lower case.
create or replace function private.push_service_host_allowed(p_host text) returns boolean
language sql immutable
set search_path = ''
as $$
  select p_host in ('fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com')
      or p_host ~ '^[a-z0-9-]+\.(push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com)$'
$$;

-- Devices a seller may have pushes sent to; saving one more drops the longest unsaved one.
create or replace function private.push_devices_per_seller() returns integer
language sql immutable
set search_path = ''
as $$ select 10 $$;

-- Whether an endpoint may be pushed to: https, a push service's host as it is (no port, no
-- user name, no trailing dot, no IP address), then a path of plain URL characters (no '@' nor
-- backslash, which URL parsers read differently). The local stack's own stand-in push service is
-- allowed only through the setting push_service_local_origin, which the local stack writes at
-- start from LOCAL_PUSH_SERVICE_ORIGIN and deletes otherwise; no migration writes it, so a
-- hosted database never has it (docs/local-stack.md).
create or replace function private.push_endpoint_allowed(p_endpoint text) returns boolean
language plpgsql stable
set search_path = ''
as $$
declare
  v_local text := private.setting('push_service_local_origin');
  v_host text;
begin
  if p_endpoint is null or length(p_endpoint) > 2048 then
    return false;
  end if;
  if v_local is not null and starts_with(p_endpoint, v_local || '/') and p_endpoint ~ '^https://[^\s@\\]+$' then
    return true;
  end if;
  v_host := substring(p_endpoint from '^https://([A-Za-z0-9.-]+)/[A-Za-z0-9._~:/?#!$&''()*+,;=%\[\]-]*$');
  return v_host is not null and private.push_service_host_allowed(lower(v_host));
end
$$;

-- The app saves this browser's push subscription (the settings' switch on, or the app
-- starting with it on). Upsert by endpoint: a browser that another seller used before now
-- pushes to the signed-in seller. A seller keeps at most push_devices_per_seller() devices:
-- the one saved longest ago goes (saves of one seller are serialised, so two at once cannot
-- both stay under the cap). Returns the row's id.
create or replace function public.save_push_subscription(
  endpoint text, p256dh text, auth text, language text default 'en', device_label text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_endpoint text := btrim(coalesce(save_push_subscription.endpoint, ''));
  v_id uuid;
begin
  if v_endpoint !~ '^https://[^\s]+$' or length(v_endpoint) > 2048 then
    perform private.fail('Invalid push subscription', 'push_subscription_invalid');
  end if;
  if coalesce(save_push_subscription.p256dh, '') !~ '^[A-Za-z0-9_-]{86,88}={0,2}$'
     or coalesce(save_push_subscription.auth, '') !~ '^[A-Za-z0-9_-]{22,24}={0,2}$' then
    perform private.fail('Invalid push subscription', 'push_subscription_invalid');
  end if;
  if not private.push_endpoint_allowed(v_endpoint) then
    perform private.fail('This browser''s push service is not supported, so notifications cannot reach this device.',
                         'push_service_not_allowed');
  end if;
  -- one save of this seller at a time, until this transaction ends
  perform pg_advisory_xact_lock(hashtextextended('push_subscriptions ' || uid::text, 0));
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, language, device_label)
  values (uid, v_endpoint, save_push_subscription.p256dh, save_push_subscription.auth,
          case when save_push_subscription.language = 'el' then 'el' else 'en' end,
          left(nullif(btrim(save_push_subscription.device_label), ''), 300))
  on conflict on constraint push_subscriptions_endpoint_key do update set
    user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
    language = excluded.language, device_label = excluded.device_label, updated_at = now(),
    created_at = case when s.user_id = excluded.user_id then s.created_at else now() end
  returning s.id into v_id;
  delete from public.push_subscriptions d
   where d.id in (select k.id from public.push_subscriptions k
                   where k.user_id = uid
                   order by k.id = v_id desc, k.updated_at desc, k.created_at desc, k.id
                  offset private.push_devices_per_seller());
  return v_id;
end
$$;

-- A notification a seller waits for with the app closed becomes one push per device.
-- New kinds (a batch summary) are added to the list here and worded in
-- supabase/functions/_shared/push/message.ts.
create or replace function private.tg_notifications_push() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if new.type not in ('project_completed', 'project_failed', 'project_rejected',
                      'video_completed', 'video_failed') then
    return null;
  end if;
  insert into public.push_deliveries (notification_id, subscription_id)
  select new.id, s.id from public.push_subscriptions s where s.user_id = new.user_id
   order by s.updated_at desc limit private.push_devices_per_seller()
  on conflict do nothing;
  get diagnostics v_count = row_count;
  if v_count > 0 then
    -- the local stack listens; hosted Supabase gets a pg_net call (sent after commit)
    perform pg_notify('push_jobs', new.id::text);
    perform private.invoke_send_push();
  end if;
  return null;
end
$$;

create trigger push_after_insert after insert on public.notifications
  for each row execute function private.tg_notifications_push();

-- Delivery queue (service role): claim due pushes with all the sender needs (and whose they
-- are, so that the sender can keep one seller from taking all its connections), then report
-- each one. Pushes older than a day are given up unsent.
create or replace function public.claim_push_deliveries(max_pushes integer default 20, lease_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_out jsonb;
begin
  update public.push_deliveries d set status = 'failed', last_error = coalesce(d.last_error, 'expired unsent')
    where d.status in ('pending', 'sending') and d.created_at < v_now - interval '1 day';
  -- round-robin over sellers: every seller's first due push before anyone's second, so one
  -- seller's many devices never hold another seller's push back
  with due as (
    select d.id, row_number() over (partition by n.user_id order by d.next_attempt_at, d.created_at) as turn,
           d.next_attempt_at, d.created_at
    from public.push_deliveries d
    join public.notifications n on n.id = d.notification_id
    where d.status in ('pending', 'sending') and d.next_attempt_at <= v_now),
  picked as (
    select d.id from public.push_deliveries d
    where d.id in (select due.id from due
                    order by due.turn, due.next_attempt_at, due.created_at
                    limit greatest(claim_push_deliveries.max_pushes, 0))
    for update skip locked),
  claimed as (
    update public.push_deliveries d set status = 'sending', attempts = d.attempts + 1,
      next_attempt_at = v_now + make_interval(secs => claim_push_deliveries.lease_seconds)
    from picked where d.id = picked.id
    returning d.id, d.notification_id, d.subscription_id, d.attempts, d.created_at)
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', c.id, 'attempts', c.attempts, 'sellerId', n.user_id,
      'subscription', jsonb_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh,
                                         'auth', s.auth, 'language', s.language),
      'notification', jsonb_build_object('id', n.id, 'type', n.type, 'title', n.title, 'message', n.message,
                                         'projectId', n.project_id, 'data', n.data, 'createdAt', n.created_at),
      'unread', (select count(*) from public.notifications u where u.user_id = n.user_id and not u.read))
    order by c.created_at), '[]'::jsonb) into v_out
  from claimed c
  join public.push_subscriptions s on s.id = c.subscription_id
  join public.notifications n on n.id = c.notification_id;
  return v_out;
end
$$;

-- outcome: 'sent' (the push service took it), 'gone' (404/410: the subscription has expired,
-- so it is deleted with its pending pushes), 'retry' (try again later, after 5 attempts give up).
create or replace function public.report_push_delivery(delivery_id uuid, outcome text, error text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.push_deliveries;
begin
  if report_push_delivery.outcome not in ('sent', 'gone', 'retry') then
    perform private.fail('Unknown push outcome', 'push_outcome_invalid');
  end if;
  select * into d from public.push_deliveries where id = report_push_delivery.delivery_id for update;
  if not found then
    return 'unknown';
  end if;
  if report_push_delivery.outcome = 'gone' then
    delete from public.push_subscriptions where id = d.subscription_id;
    return 'deleted';
  end if;
  if report_push_delivery.outcome = 'sent' then
    update public.push_deliveries set status = 'sent', sent_at = now(), last_error = null
      where id = d.id;
    update public.push_subscriptions set last_used_at = now() where id = d.subscription_id;
    return 'sent';
  end if;
  update public.push_deliveries set
    status = case when d.attempts >= 5 then 'failed' else 'pending' end,
    last_error = left(report_push_delivery.error, 2000),
    next_attempt_at = private.app_now() + make_interval(mins => power(2, least(d.attempts - 1, 10))::integer)
  where id = d.id;
  return case when d.attempts >= 5 then 'failed' else 'pending' end;
end
$$;

-- POSTs {} to send-push with the service role key when a push is due; returns pg_net's
-- request id, or null when nothing is due or pg_net, Vault or a secret is missing (the local
-- stack listens to 'push_jobs' instead). pg_net sends after the calling transaction commits.
create or replace function private.invoke_send_push() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.push_deliveries
     where status in ('pending', 'sending') and next_attempt_at <= now()
  ) then
    return null;
  end if;
  return private.invoke_edge_function('send-push');
end
$$;

create policy "own push subscriptions" on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "delete own push subscriptions" on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "own notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

create policy "own activity" on public.webhook_logs for select to authenticated
  using (user_id = (select auth.uid()));

create policy "mark own notifications read" on public.notifications for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Privileges ----------------------------------------------------------------------------

-- Every event a seller waits for is a stored notification (the app words it from data).
-- Video ready or failed.
create or replace function private.tg_notify_video() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.video_status is distinct from old.video_status and new.video_status in ('completed', 'failed') then
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id,
            case new.video_status when 'completed' then 'video_completed' else 'video_failed' end,
            case new.video_status when 'completed' then 'Video ready' else 'Video failed' end,
            case new.video_status
              when 'completed' then format('The video of "%s" is ready.', new.name)
              else format('The video of "%s" could not be made. Your credits have been refunded.', new.name) end,
            new.id, jsonb_build_object('projectName', new.name));
  end if;
  return new;
end
$$;
create trigger notify_video after update of video_status on public.projects
  for each row execute function private.tg_notify_video();

-- A fix taken up, finished or rejected by the team.
create or replace function private.tg_notify_fix() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  if new.status is distinct from old.status and new.status in ('processing', 'completed', 'rejected') then
    select p.name into v_name from public.projects p where p.id = new.project_id;
    insert into public.notifications (user_id, type, title, message, project_id, data)
    values (new.user_id, 'fix_' || new.status,
            case new.status when 'processing' then 'Fix in progress'
                            when 'completed' then 'Fix completed' else 'Fix rejected' end,
            case new.status
              when 'processing' then format('Our team is working on your fix for "%s".', v_name)
              when 'completed' then format('Your fix for "%s" is ready.', v_name)
              else format('Your fix request for "%s" was rejected.', v_name) end,
            new.project_id, jsonb_build_object('projectName', v_name, 'fixId', new.id));
  end if;
  return new;
end
$$;
create trigger notify_fix after update of status on public.fixes
  for each row execute function private.tg_notify_fix();

-- Payment received (a pack), plan credits added, credits refunded.
create or replace function private.tg_notify_credits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_charge public.credit_ledger;
  v_name text;
begin
  if new.reason = 'purchase' and new.details ->> 'amountCents' is not null then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'payment_received', 'Payment received',
            format('Your payment was received: %s credits were added to your balance.', private.format_credits(new.amount)),
            jsonb_build_object('credits', new.amount, 'amountCents', new.details -> 'amountCents',
                               'currency', coalesce(new.details ->> 'currency', 'eur')));
  elsif new.reason = 'plan_grant' then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'credits_added', 'Credits added',
            format('%s credits of your plan were added to your balance.', private.format_credits(new.amount)),
            jsonb_build_object('credits', new.amount, 'plan', new.details ->> 'plan'));
  elsif new.reason = 'adjustment' and (new.details ->> 'byOperator')::boolean then
    -- credits an operator gave or took (operator_grant_credits), with the reason they gave
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id,
            case when new.amount > 0 then 'credits_granted' else 'credits_removed' end,
            case when new.amount > 0 then 'Credits added' else 'Credits removed' end,
            case when new.amount > 0
              then format('%s credits were added to your balance: %s', private.format_credits(new.amount), new.details ->> 'note')
              else format('%s credits were removed from your balance: %s', private.format_credits(-new.amount), new.details ->> 'note') end,
            jsonb_build_object('credits', abs(new.amount), 'note', new.details ->> 'note'));
  elsif new.reason = 'refund' then
    select * into v_charge from public.credit_ledger c where c.id = new.refund_of;
    select p.name into v_name from public.projects p
      where p.id = coalesce((v_charge.details ->> 'projectId')::uuid, (new.details ->> 'projectId')::uuid);
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'credits_refunded', 'Credits refunded',
            format('%s credits were refunded to your balance.', private.format_credits(new.amount)),
            jsonb_build_object('credits', new.amount, 'chargeReason', v_charge.reason)
            || case when v_name is null then '{}'::jsonb else jsonb_build_object('projectName', v_name) end);
  end if;
  return new;
end
$$;
create trigger notify_credits after insert on public.credit_ledger
  for each row execute function private.tg_notify_credits();

-- The plan changed.
create or replace function private.tg_notify_plan() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.plan is distinct from old.plan then
    insert into public.notifications (user_id, type, title, message, data)
    values (new.user_id, 'plan_changed', 'Plan changed',
            format('Your plan is now %s.', initcap(new.plan)),
            jsonb_build_object('plan', new.plan, 'previousPlan', old.plan));
  end if;
  return new;
end
$$;
create trigger notify_plan after update of plan on public.subscriptions
  for each row execute function private.tg_notify_plan();


revoke all on function private.invoke_send_notice() from public;
revoke all on function private.log_activity(p_user_id uuid, p_type text, p_details text, p_metadata jsonb, p_extra jsonb) from public;
revoke all on function private.store_notice(p_user_id uuid, p_kind text, p_payload jsonb) from public;
revoke all on function private.tg_outbound_notices_notify() from public;
revoke all on function public.claim_outbound_notices(max_notices integer, lease_seconds integer) from anon, authenticated, public;
revoke all on function public.get_project_stats() from public;
revoke all on function public.get_recent_activity() from public;
revoke all on function public.mark_all_notifications_read() from public;
revoke all on function public.mark_notification_read(notification_id uuid) from public;
revoke all on function public.report_outbound_notice(notice_id uuid, delivered boolean, error text) from anon, authenticated, public;
revoke all on function public.submit_contact_request(full_name text, email text, details text) from public;
revoke all on function public.submit_feedback(feedback text) from public;
revoke all on function public.submit_sales_request(full_name text, company_name text, email text, phone text, credit_amount integer, message text) from public;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to anon, authenticated;
revoke all on public.outbound_notices from anon, authenticated;
revoke all on public.webhook_logs from anon, authenticated;
grant select on public.webhook_logs to anon, authenticated;
grant update (read) on public.notifications to authenticated;
revoke all on function private.tg_notify_credits() from public;
revoke all on function private.tg_notify_fix() from public;
revoke all on function private.tg_notify_plan() from public;
revoke all on function private.tg_notify_video() from public;
revoke all on function public.save_push_subscription(endpoint text, p256dh text, auth text, language text, device_label text) from anon, public;
revoke all on function private.tg_notifications_push() from public;
revoke all on function private.push_service_host_allowed(p_host text) from public;
revoke all on function private.push_devices_per_seller() from public;
revoke all on function private.push_endpoint_allowed(p_endpoint text) from public;
revoke all on function public.claim_push_deliveries(max_pushes integer, lease_seconds integer) from anon, authenticated, public;
revoke all on function public.report_push_delivery(delivery_id uuid, outcome text, error text) from anon, authenticated, public;
revoke all on function private.invoke_send_push() from public;
revoke all on public.push_subscriptions from anon, authenticated;
grant select (id, endpoint, device_label, language, created_at, updated_at, last_used_at) on public.push_subscriptions to authenticated;
grant delete on public.push_subscriptions to authenticated;
revoke all on public.push_deliveries from anon, authenticated;
