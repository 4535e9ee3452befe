create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  phone_number text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  language text check (language in ('en', 'el'))
);
alter table public.profiles enable row level security;

comment on column public.profiles.language is
  'The app language the seller last used for a request (en, el): server-made words such as a default project name follow it.';

-- updated_at --------------------------------------------------------------------------
create trigger set_updated_at before update on public.profiles
  for each row execute function private.tg_set_updated_at();

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

-- New user: profile (full_name, phone from the sign-up metadata), a free subscription and
-- its first 2 credits, recorded in the ledger.
create or replace function private.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_credits numeric(12,2);
begin
  insert into public.profiles (id, full_name, phone_number)
  values (new.id,
          nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
          nullif(btrim(coalesce(new.raw_user_meta_data ->> 'phone_number', new.raw_user_meta_data ->> 'phone', new.phone)), ''))
  on conflict (id) do nothing;

  insert into public.subscriptions (user_id, plan, period_anchor, current_period_start, current_period_end)
  values (new.id, 'free', v_now, v_now, v_now + interval '1 month')
  on conflict (user_id) do nothing;

  select monthly_credits into v_credits from public.plans where id = 'free';
  if coalesce(v_credits, 0) > 0 then
    perform private.change_credits(new.id, v_credits, 'signup_bonus', 'signup', '{}'::jsonb, v_credits, 0);
  end if;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- Sign-up checks (spec 1 §5, §7): rpc('check_email_exists', {email}) and
-- rpc('check_phone_exists', {phone_number}); both answer {"exists": boolean}.
create or replace function public.check_email_exists(email text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('exists', exists (
    select 1 from auth.users u
    where lower(u.email) = lower(btrim($1)) and u.deleted_at is null))
$$;

create or replace function public.check_phone_exists(phone_number text) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  with wanted as (select regexp_replace(coalesce($1, ''), '[^0-9]', '', 'g') as digits)
  select jsonb_build_object('exists', (select w.digits <> '' from wanted w) and (
    exists (select 1 from public.profiles p, wanted w
            where regexp_replace(coalesce(p.phone_number, ''), '[^0-9]', '', 'g') = w.digits)
    or exists (select 1 from auth.users u, wanted w
               where regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') = w.digits)))
$$;

-- The language to use for the user: the requested one when it is ours, else the profile's, else English.
create or replace function private.seller_locale(p_user_id uuid, p_requested text default null) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    case when lower(btrim(p_requested)) in ('en', 'el') then lower(btrim(p_requested)) end,
    (select p.language from public.profiles p where p.id = p_user_id),
    'en')
$$;

create policy "own profile" on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "insert own profile" on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));

create policy "update own profile" on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Privileges ----------------------------------------------------------------------------
revoke all on function private.handle_new_user() from public;
revoke all on function private.seller_locale(p_user_id uuid, p_requested text) from public;
revoke all on function private.tg_profiles_normalise() from public;
revoke all on function public.check_email_exists(email text) from public;
revoke all on function public.check_phone_exists(phone_number text) from public;
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to anon, authenticated;
grant insert (full_name, id, language, phone_number, updated_at) on public.profiles to authenticated;
grant update (full_name, id, language, phone_number, updated_at) on public.profiles to authenticated;
