-- Notifications (mark one or all read), the dashboard's reads (one call each), and the
-- outbound notices a user sends (feedback, contact, sales) with their delivery queue.
--
-- Messages (errcode P0001) and hint codes:
--   'Please enter your feedback'            feedback_required
--   'Full name is required'                 full_name_required
--   'Company name is required'              company_name_required
--   'Email is required'                     email_required
--   'Please enter a valid email address'    email_invalid      (contact form)
--   'Please enter a valid email'            email_invalid      (sales form)
--   'Please provide request details'        details_required
--   'Credit amount must be at least 500'    credit_amount_too_low
--   'Too many requests. Please try again later.'  rate_limited

-- Notifications -------------------------------------------------------------------------

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

-- Dashboard -----------------------------------------------------------------------------

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

-- Outbound notices sent by a user --------------------------------------------------------

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

revoke all on function private.store_notice(uuid, text, jsonb) from public;
revoke all on function public.mark_notification_read(uuid), public.mark_all_notifications_read(),
  public.get_project_stats(), public.get_recent_activity(), public.submit_feedback(text),
  public.submit_contact_request(text, text, text),
  public.submit_sales_request(text, text, text, text, integer, text),
  public.claim_outbound_notices(integer, integer), public.report_outbound_notice(uuid, boolean, text)
  from public, anon, authenticated;
grant execute on function public.mark_notification_read(uuid), public.mark_all_notifications_read(),
  public.submit_feedback(text), public.submit_contact_request(text, text, text),
  public.submit_sales_request(text, text, text, text, integer, text)
  to anon, authenticated, service_role; -- anon gets 'User not authenticated'
grant execute on function public.get_project_stats(), public.get_recent_activity() to anon, authenticated, service_role;
grant execute on function public.claim_outbound_notices(integer, integer), public.report_outbound_notice(uuid, boolean, text)
  to service_role;
