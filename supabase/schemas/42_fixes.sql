create table public.fixes (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  image_id uuid references public.images (id) on delete set null,
  -- object name of the drawing in bucket 'fix-drawings'
  annotated_image text,
  description text not null check (length(btrim(description)) > 0 and length(description) <= 2000),
  status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'rejected')),
  result_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  result_watermarked_path text,
  result_note text check (result_note is null or length(result_note) <= 1000),
  completed_at timestamptz
);
alter table public.fixes enable row level security;

-- Kept when a fix is deleted (fix_id becomes null), so deleting a fix never returns a
-- free fix: free fixes used = fix_requests with is_free for the project.
create table public.fix_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  fix_id uuid references public.fixes (id) on delete set null,
  is_free boolean not null,
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.fix_requests enable row level security;

create index fixes_user_created_idx on public.fixes (user_id, created_at desc);

create unique index fixes_one_pending_per_project on public.fixes (project_id) where status = 'pending';

create index fix_requests_project_idx on public.fix_requests (project_id);

create index fix_requests_user_idx on public.fix_requests (user_id);

create trigger set_updated_at before update on public.fixes
  for each row execute function private.tg_set_updated_at();

-- A fix can be asked for on an archived project too. Archiving only files finished work away
-- (unarchive sets it back to completed, and video already takes completed or archived
-- projects), and the project page offered "Report an Issue" on an archived project, but the
-- server refused it with 'Fixes can be requested only for completed projects'. The spec's
-- only limit is one pending fix per project; projects still processing, failed or rejected
-- keep being refused.
create or replace function private.fix_eligibility(p_user_id uuid, p_project_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  p public.projects;
  s public.subscriptions;
  v_free integer;
  v_used integer := 0;
  v_remaining integer;
  v_cost numeric(12,2);
  v_will_pay boolean;
  v_reason text;
  v_code text;
begin
  select * into s from public.subscriptions where user_id = p_user_id;
  select free_fixes_per_project into v_free from public.plans where id = s.plan;
  select credits into v_cost from public.credit_prices where item = 'fix';
  -- the caller's own project, or nothing: nothing below reads a row of another seller
  select * into p from public.projects where id = p_project_id and user_id = p_user_id;
  if p.id is not null then
    select count(*) into v_used from public.fix_requests r where r.project_id = p.id and r.is_free;
  end if;
  v_remaining := greatest(coalesce(v_free, 0) - v_used, 0);
  v_will_pay := v_remaining = 0;

  if p.id is null then
    v_reason := 'Project not found'; v_code := 'project_not_found';
  elsif exists (select 1 from public.fixes f where f.project_id = p.id and f.status = 'pending') then
    v_reason := 'You already have a pending fix request for this project'; v_code := 'fix_pending';
  elsif p.status not in ('completed', 'archived') then
    v_reason := 'Fixes can be requested only for completed projects'; v_code := 'project_not_completed';
  elsif v_will_pay and coalesce(s.credits_remaining, 0) < v_cost then
    v_reason := format('Insufficient credits. Need %s but only have %s',
                       private.money2(v_cost), private.money2(coalesce(s.credits_remaining, 0)));
    v_code := 'insufficient_credits';
  end if;

  return jsonb_build_object(
    'can_request', v_reason is null,
    'reason', v_reason,
    'reason_code', v_code,
    'will_use_credits', v_will_pay,
    'free_fixes_remaining', v_remaining,
    'free_fixes_per_project', coalesce(v_free, 0),
    'credits_remaining', coalesce(s.credits_remaining, 0),
    'plan', s.plan,
    'fix_cost', v_cost);
end
$$;

-- rpc('can_request_project_fix', {project_id}) →
-- {can_request, reason, reason_code, will_use_credits, free_fixes_remaining,
--  credits_remaining, plan, fix_cost}
create or replace function public.can_request_project_fix(project_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return private.fix_eligibility(private.require_user(), can_request_project_fix.project_id);
end
$$;

-- Creates the fix (pending) and its fix_request (is_free), charges 1 credit when the free
-- fixes are used up, records the activity and stores the notice for the fix workflow —
-- all at once. annotated_image is the drawing's object name in bucket 'fix-drawings'
-- ('{userId}/...'). Returns {fix, is_free, credits_charged, credits_remaining}.
create or replace function private.request_project_fix(
  project_id uuid, description text, annotated_image text default null, image_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  p public.projects;
  v_description text := btrim(coalesce(request_project_fix.description, ''));
  v_drawing text := nullif(btrim(request_project_fix.annotated_image), '');
  v_eligibility jsonb;
  v_free boolean;
  v_fix public.fixes;
  v_charge public.credit_ledger;
  v_cost numeric(12,2) := 0;
  v_email text;
begin
  if v_description = '' then
    perform private.fail('Please describe the issue', 'description_required');
  end if;
  if length(v_description) > 2000 then
    perform private.fail('Description is too long', 'description_too_long');
  end if;
  if v_drawing is not null and split_part(v_drawing, '/', 1) <> uid::text then
    perform private.fail('Drawing not found', 'annotated_image_invalid');
  end if;

  -- lock order: project, then the balance
  select * into p from public.projects pr where pr.id = request_project_fix.project_id and pr.user_id = uid for update;
  if not found then
    perform private.fail('Project not found', 'project_not_found');
  end if;
  perform private.lock_subscription(uid);

  if request_project_fix.image_id is not null
     and not exists (select 1 from public.images i where i.id = request_project_fix.image_id and i.project_id = p.id) then
    perform private.fail('Image not found', 'image_not_found');
  end if;

  v_eligibility := private.fix_eligibility(uid, p.id);
  if not (v_eligibility ->> 'can_request')::boolean then
    if v_eligibility ->> 'reason_code' = 'insufficient_credits' then
      perform private.insufficient_credits((v_eligibility ->> 'fix_cost')::numeric, (v_eligibility ->> 'credits_remaining')::numeric);
    end if;
    perform private.fail(v_eligibility ->> 'reason', v_eligibility ->> 'reason_code');
  end if;
  v_free := not (v_eligibility ->> 'will_use_credits')::boolean;

  insert into public.fixes (project_id, user_id, image_id, annotated_image, description, status)
  values (p.id, uid, request_project_fix.image_id, v_drawing, v_description, 'pending')
  returning * into v_fix;

  if not v_free then
    v_cost := (v_eligibility ->> 'fix_cost')::numeric;
    v_charge := private.change_credits(uid, -v_cost, 'fix', 'fix:' || v_fix.id,
                                       jsonb_build_object('fixId', v_fix.id, 'projectId', p.id));
  end if;

  insert into public.fix_requests (user_id, project_id, fix_id, is_free, credits_charged, charge_id)
  values (uid, p.id, v_fix.id, v_free, v_cost, v_charge.id);

  perform private.log_activity(uid, 'fix_requested', format('Fix requested for "%s"', p.name),
    jsonb_build_object('projectId', p.id, 'projectName', p.name, 'projectType', p.type, 'fixId', v_fix.id,
                       'isFree', v_free, 'creditsUsed', v_cost));

  select u.email into v_email from auth.users u where u.id = uid;
  insert into public.outbound_notices (user_id, kind, payload)
  values (uid, 'fix_request', jsonb_build_object(
    'projectId', p.id, 'fixId', v_fix.id, 'imageId', request_project_fix.image_id,
    'annotatedImage', v_drawing, 'description', v_description, 'userEmail', v_email, 'userId', uid,
    'isFree', v_free, 'timestamp', to_jsonb(private.app_now())));

  return jsonb_build_object(
    'fix', to_jsonb(v_fix) || jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name)),
    'is_free', v_free,
    'credits_charged', v_cost,
    'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = uid));
end
$$;

-- request_project_fix with a request id: a repeat answers the first fix (private.claim_request).
create or replace function public.request_project_fix(
  project_id uuid, description text, annotated_image text default null, image_id uuid default null,
  request_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_first jsonb;
  v_answer jsonb;
begin
  v_first := private.claim_request(uid, request_project_fix.request_id, 'fix', jsonb_build_object(
    'project_id', request_project_fix.project_id, 'description', request_project_fix.description,
    'annotated_image', request_project_fix.annotated_image, 'image_id', request_project_fix.image_id));
  if v_first is not null then
    return v_first || jsonb_build_object(
      'credits_remaining', (select s.credits_remaining from public.subscriptions s where s.user_id = uid),
      'replayed', true);
  end if;
  v_answer := private.request_project_fix(request_project_fix.project_id, request_project_fix.description,
    request_project_fix.annotated_image, request_project_fix.image_id);
  perform private.settle_request(uid, request_project_fix.request_id, v_answer);
  return v_answer || jsonb_build_object('replayed', false);
end
$$;

-- request_project_fix: the drawing must be a plain name in the caller's folder.
create or replace function private.tg_fixes_plain_drawing() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.annotated_image is not null
     and (not private.is_plain_object_name(new.annotated_image)
          or split_part(new.annotated_image, '/', 1) <> new.user_id::text) then
    raise exception 'Drawing not found' using errcode = 'P0001', hint = 'annotated_image_invalid';
  end if;
  return new;
end
$$;

create trigger plain_drawing before insert or update of annotated_image, user_id on public.fixes
  for each row execute function private.tg_fixes_plain_drawing();

-- After a fix goes (with its project, or deleted on /fixes): its drawing and its result.
create or replace function private.tg_fixes_queue_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_file_removal('fix-drawings', old.annotated_image, old.user_id, old.project_id);
  perform private.queue_file_removal('generated', old.result_path, old.user_id, old.project_id);
  perform private.queue_file_removal('watermarked', old.result_watermarked_path, old.user_id, old.project_id);
  return null;
end
$$;

create trigger queue_files after delete on public.fixes
  for each row execute function private.tg_fixes_queue_files();

-- A result is a plain name in the fix's project folder that exists in its bucket.
create or replace function private.fix_result_ok(p_fix public.fixes, p_bucket text, p_name text)
returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_plain_object_name(p_name)
     and split_part(p_name, '/', 1) = p_fix.user_id::text
     and split_part(p_name, '/', 2) = p_fix.project_id::text
     and exists (select 1 from storage.objects o where o.bucket_id = p_bucket and o.name = p_name)
$$;

-- rpc('complete_fix', {fix_id, status, result_path?, watermarked_path?, note?}) → the fix row.
create or replace function public.complete_fix(
  fix_id uuid, status text, result_path text default null, watermarked_path text default null,
  note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  f public.fixes;
  r public.fix_requests;
  v_result text := nullif(btrim(complete_fix.result_path), '');
  v_marked text := nullif(btrim(complete_fix.watermarked_path), '');
  v_note text := nullif(btrim(complete_fix.note), '');
begin
  if complete_fix.status is null or complete_fix.status not in ('processing', 'completed', 'rejected') then
    perform private.fail('Invalid fix status', 'fix_status_invalid');
  end if;
  select * into f from public.fixes x where x.id = complete_fix.fix_id for update;
  if not found then
    perform private.fail('Fix request not found', 'fix_not_found');
  end if;
  if f.status in ('completed', 'rejected') then
    perform private.fail('This fix request is already finished', 'fix_finished');
  end if;

  if complete_fix.status = 'completed' then
    if v_result is null or v_marked is null then
      perform private.fail('A completed fix needs its result image', 'fix_result_required');
    end if;
    if not private.fix_result_ok(f, 'generated', v_result)
       or not private.fix_result_ok(f, 'watermarked', v_marked) then
      perform private.fail('Fix result not found', 'fix_result_invalid');
    end if;
    update public.fixes x
       set status = 'completed', result_path = v_result, result_watermarked_path = v_marked,
           result_note = v_note, completed_at = now(), updated_at = now()
     where x.id = f.id
    returning * into f;
  elsif complete_fix.status = 'rejected' then
    update public.fixes x
       set status = 'rejected', result_note = v_note, completed_at = now(), updated_at = now()
     where x.id = f.id
    returning * into f;
    -- a paid fix that was not done: its credit back (once; a free fix stays used)
    select * into r from public.fix_requests q where q.fix_id = f.id;
    if r.charge_id is not null then
      perform private.refund(r.charge_id, null, 'fix-rejected:' || f.id,
                             jsonb_build_object('fixId', f.id, 'projectId', f.project_id));
    end if;
  else
    update public.fixes x set status = 'processing', updated_at = now() where x.id = f.id
    returning * into f;
  end if;
  return to_jsonb(f);
end
$$;

create policy "own fixes" on public.fixes for select to authenticated
  using (user_id = (select auth.uid()));

create policy "own fix requests" on public.fix_requests for select to authenticated
  using (user_id = (select auth.uid()));

create policy "delete own fixes" on public.fixes for delete to authenticated
  using (user_id = (select auth.uid()));

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.fix_eligibility(p_user_id uuid, p_project_id uuid) from public;
revoke all on function private.fix_result_ok(p_fix fixes, p_bucket text, p_name text) from public;
revoke all on function private.tg_fixes_plain_drawing() from public;
revoke all on function private.tg_fixes_queue_files() from public;
revoke all on function public.can_request_project_fix(project_id uuid) from public;
revoke all on function public.complete_fix(fix_id uuid, status text, result_path text, watermarked_path text, note text) from anon, authenticated, public;
revoke all on function public.request_project_fix(project_id uuid, description text, annotated_image text, image_id uuid, request_id text) from public;
revoke all on function private.request_project_fix(project_id uuid, description text, annotated_image text, image_id uuid) from public, anon, authenticated, service_role;
revoke all on public.fix_requests from anon, authenticated;
grant select on public.fix_requests to anon, authenticated;
revoke all on public.fixes from anon, authenticated;
grant select on public.fixes to anon;
grant delete, select on public.fixes to authenticated;
