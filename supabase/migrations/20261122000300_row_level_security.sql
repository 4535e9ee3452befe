-- Default deny. Every table has row-level security; a user reads only their own rows; the
-- catalogue and plans are readable by everyone. Writes a client may make are listed here
-- one by one (column grants + policies + guard triggers); everything else changes only
-- inside the SQL functions of the later migrations (security definer) or from server code
-- with the service role.
--
-- What a client (role authenticated) may write directly:
--   profiles          insert/update own row: full_name, phone_number
--   projects          update own: name (trimmed, non-empty); status completed <-> archived
--                     (archive / unarchive); delete own
--   notifications     update own: read
--   uploaded_files    insert/delete own rows whose file_path starts with '{userId}/'
--   fixes             delete own
-- Nothing else: balances, plans, statuses, images, activity, notices, ledger.

-- Table privileges: start from nothing for the API roles, then grant what is needed.
do $$
declare t text;
begin
  foreach t in array array[
    'plans', 'credit_prices', 'credit_volume_discounts', 'models', 'model_media', 'poses',
    'backgrounds', 'video_styles', 'profiles', 'subscriptions', 'credit_ledger', 'projects',
    'images', 'fixes', 'fix_requests', 'notifications', 'webhook_logs', 'uploaded_files',
    'outbound_notices', 'payment_events']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from public, anon, authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
  end loop;
end $$;

-- Reference data and catalogue: everyone reads.
grant select on public.plans, public.credit_prices, public.credit_volume_discounts, public.models,
  public.model_media, public.poses, public.backgrounds, public.video_styles to anon, authenticated;

create policy "plans are public" on public.plans for select to anon, authenticated using (true);
create policy "credit prices are public" on public.credit_prices for select to anon, authenticated using (true);
create policy "volume discounts are public" on public.credit_volume_discounts for select to anon, authenticated using (true);
create policy "models are public" on public.models for select to anon, authenticated using (true);
create policy "model media are public" on public.model_media for select to anon, authenticated using (true);
create policy "poses are public" on public.poses for select to anon, authenticated using (true);
create policy "backgrounds are public" on public.backgrounds for select to anon, authenticated using (true);
create policy "video styles are public" on public.video_styles for select to anon, authenticated using (true);

-- Owned data: reads. anon keeps SELECT on the tables (as on any Supabase project) and
-- sees no rows, because every policy is for role authenticated only.
grant select on public.profiles, public.subscriptions, public.credit_ledger, public.projects,
  public.images, public.fixes, public.fix_requests, public.notifications, public.webhook_logs,
  public.uploaded_files to anon, authenticated;

create policy "own profile" on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy "own subscription" on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own ledger" on public.credit_ledger for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own projects" on public.projects for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own images" on public.images for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own fixes" on public.fixes for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own fix requests" on public.fix_requests for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own activity" on public.webhook_logs for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own uploads" on public.uploaded_files for select to authenticated
  using (user_id = (select auth.uid()));

-- Owned data: the few direct writes.
grant insert (id, full_name, phone_number, updated_at) on public.profiles to authenticated;
-- id is listed because an upsert (insert … on conflict do update) sets every column it
-- sends; the policies keep it the caller's own id.
grant update (id, full_name, phone_number, updated_at) on public.profiles to authenticated;
create policy "insert own profile" on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy "update own profile" on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

grant update (name, status) on public.projects to authenticated;
grant delete on public.projects to authenticated;
create policy "update own projects" on public.projects for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "delete own projects" on public.projects for delete to authenticated
  using (user_id = (select auth.uid()));

grant update (read) on public.notifications to authenticated;
create policy "mark own notifications read" on public.notifications for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

grant insert (user_id, file_name, file_path, file_size, mime_type, public_url) on public.uploaded_files to authenticated;
grant delete on public.uploaded_files to authenticated;
create policy "record own uploads" on public.uploaded_files for insert to authenticated
  with check (user_id = (select auth.uid()) and split_part(file_path, '/', 1) = (select auth.uid())::text);
create policy "delete own uploads" on public.uploaded_files for delete to authenticated
  using (user_id = (select auth.uid()));

grant delete on public.fixes to authenticated;
create policy "delete own fixes" on public.fixes for delete to authenticated
  using (user_id = (select auth.uid()));

-- outbound_notices and payment_events: no client access at all (service role only).

-- Guard triggers: what a client's direct UPDATE may change, row by row. They act only when
-- the statement runs as a client role; SQL functions (security definer, running as their
-- owner) and the service role are not limited by them. (They call nothing in schema
-- private: they run as the client's role, which has no access to it.)
create or replace function private.tg_projects_client_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user::text not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.name is distinct from old.name then
    new.name := btrim(coalesce(new.name, ''));
    if new.name = '' then
      raise exception 'Project name cannot be empty' using errcode = 'P0001', hint = 'name_required';
    end if;
    if length(new.name) > 120 then
      raise exception 'Project name is too long' using errcode = 'P0001', hint = 'name_too_long';
    end if;
  end if;
  if new.status is distinct from old.status then
    if old.status = 'completed' and new.status = 'archived' then
      null;
    elsif old.status = 'archived' and new.status = 'completed' then
      null;
    elsif new.status = 'archived' then
      raise exception 'Only completed projects can be archived' using errcode = 'P0001', hint = 'project_not_completed';
    else
      raise exception 'Project status can only change by archiving or unarchiving' using errcode = 'P0001', hint = 'status_not_allowed';
    end if;
  end if;
  return new;
end
$$;
create trigger client_guard before update on public.projects
  for each row execute function private.tg_projects_client_guard();

create or replace function private.tg_profiles_normalise() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.full_name := nullif(btrim(new.full_name), '');
  new.phone_number := nullif(btrim(new.phone_number), '');
  return new;
end
$$;
create trigger normalise before insert or update on public.profiles
  for each row execute function private.tg_profiles_normalise();

revoke all on function private.app_now(), private.tg_set_updated_at(), private.format_credits(numeric),
  private.money2(numeric), private.tg_projects_client_guard(),
  private.tg_profiles_normalise() from public;
