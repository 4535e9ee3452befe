-- Internal helpers live in schema `private`, which the API does not expose.
create schema if not exists private;

-- Operator settings the SQL reads, one row each (hosted Supabase refuses `alter database … set`
-- to its postgres role, so they are rows, changed in the SQL editor):
--   insert into private.settings (name, value) values ('stripe_cancel_hold_hours', '48')
--     on conflict (name) do update set value = excluded.value, updated_at = now();
-- A setting without a row has its default; public.deploy_health() names values it cannot use.
create table private.settings (
  name text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

-- Every setting the SQL reads: its kind, range and default, and what it does (reference rows,
-- in the migrations; a new setting adds its row). private.setting_number reads a value by these
-- rules, and public.deploy_health checks every row of private.settings against them.
create table private.setting_definitions (
  name text primary key,
  -- integer and number: a value held to [min_value, max_value], default_value when unusable;
  -- origin: an https origin, set only by the local stack (a hosted project has no such row)
  kind text not null check (kind in ('integer', 'number', 'origin')),
  min_value numeric,
  max_value numeric,
  default_value numeric,
  unit text not null default '',
  meaning text not null,
  check (kind = 'origin' or (min_value <= default_value and default_value <= max_value))
);

-- A setting's value, or null when it is not set.
create or replace function private.setting(p_name text) returns text
language sql stable
set search_path = ''
as $$
  select nullif(btrim(s.value), '') from private.settings s where s.name = p_name
$$;

-- What is wrong with a setting's value by its definition, or null when it can be used as it is.
create or replace function private.setting_problem(p_name text, p_value text) returns text
language sql stable
set search_path = ''
as $$
  select case
    when d.name is null then
      format('%s is not a setting Drape reads (a misspelt name?): it changes nothing', p_name)
    when v is null then null
    when d.kind = 'origin' then
      format('%s: pushes may reach this address even if it is private. Only the local stack sets '
             'this, for its test push service; on any other deployment delete the row', v)
    when d.kind = 'integer' and v !~ '^-?[0-9]{1,12}$' then
      format('%L is not a whole number: %s %s are used', v, d.default_value, d.unit)
    when d.kind = 'number' and v !~ '^-?[0-9]{1,12}(\.[0-9]{1,6})?$' then
      format('%L is not a number: %s %s are used', v, d.default_value, d.unit)
    when v::numeric < d.min_value or v::numeric > d.max_value then
      format('%s is outside %s–%s: %s %s are used', v, d.min_value, d.max_value,
             least(greatest(v::numeric, d.min_value), d.max_value), d.unit)
  end
  from (select nullif(btrim(p_value), '') as v) x
  left join private.setting_definitions d on d.name = p_name
$$;

-- A numeric setting as its definition allows: its default when unset or not a number of its
-- kind, else the value held to its range. Null for a name without a definition.
create or replace function private.setting_number(p_name text) returns numeric
language sql stable
set search_path = ''
as $$
  select case
    when v is null
      or (d.kind = 'integer' and v !~ '^-?[0-9]{1,12}$')
      or (d.kind = 'number' and v !~ '^-?[0-9]{1,12}(\.[0-9]{1,6})?$') then d.default_value
    else least(greatest(v::numeric, d.min_value), d.max_value)
  end
  from private.setting_definitions d
  cross join lateral (select private.setting(d.name) as v) x
  where d.name = p_name and d.kind in ('integer', 'number')
$$;

-- The one clock every time-dependent rule reads. A session that is not an API request of a
-- client (no JWT role, or service_role) may move it with the `drape.now` setting; a client
-- request always gets the real time.
create or replace function private.app_now() returns timestamptz
language sql stable
set search_path = ''
as $$
  select case
    when nullif(current_setting('drape.now', true), '') is not null
     and coalesce(auth.role(), 'service_role') = 'service_role'
    then current_setting('drape.now', true)::timestamptz
    else now()
  end
$$;

create or replace function private.tg_set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Credits shown to people: whole numbers without decimals, otherwise two decimals.
create or replace function private.format_credits(n numeric) returns text
language sql immutable
set search_path = ''
as $$
  select case when n = trunc(n) then trunc(n)::text else to_char(n, 'FM999999990.00') end
$$;

-- Two decimals, as the insufficient-credits message has them.
create or replace function private.money2(n numeric) returns text
language sql immutable
set search_path = ''
as $$ select to_char(coalesce(n, 0), 'FM999999990.00') $$;

create or replace function private.fail(p_message text, p_hint text, p_detail text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_detail is null then
    raise exception using message = p_message, errcode = 'P0001', hint = p_hint;
  end if;
  raise exception using message = p_message, errcode = 'P0001', hint = p_hint, detail = p_detail;
end
$$;

create or replace function private.require_user() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare uid uuid := auth.uid();
begin
  if uid is null then
    perform private.fail('User not authenticated', 'not_authenticated');
  end if;
  return uid;
end
$$;

-- A name storage would accept and that no client resolves to another folder: no empty,
-- '.' or '..' segment (also percent-encoded), no backslash, no control character.
create or replace function private.is_plain_object_name(p_name text) returns boolean
language sql immutable
set search_path = ''
as $$
  select p_name is not null
     and p_name !~* '(^|/)(\.|%2e){0,2}(/|$)'
     and p_name !~ '[\\[:cntrl:]]'
$$;

-- The reference a job row keeps of its provider handle.
create or replace function private.handle_ref(p_handle text) returns text
language sql immutable
set search_path = ''
as $$
  select 'ref:' || left(encode(sha256(convert_to(p_handle, 'UTF8')), 'hex'), 32)
$$;

-- Privileges ----------------------------------------------------------------------------
-- POSTs p_body to /functions/v1/<p_name> with the service role key through pg_net, which sends
-- it after the calling transaction commits and never blocks it. Hosted, the project's URL and
-- key come from Vault. Returns pg_net's request id; null where pg_net or Vault is not there
-- (the local stack calls the functions itself) or a secret is missing. Every wake-up of an
-- edge function from SQL (dispatch, notices, pushes, storage cleanup, Stripe reconcile) goes
-- through here.
create or replace function private.invoke_edge_function(
  p_name text,
  p_body jsonb default '{}',
  p_timeout_ms integer default 30000
) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
  v_id bigint;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  -- dynamic SQL: this function also exists where vault and net do not
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1' into v_url using 'project_url';
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1' into v_key using 'service_role_key';
  if v_url is null or v_key is null then
    return null;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
    into v_id
    using rtrim(v_url, '/') || '/functions/v1/' || p_name,
          p_body,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key, 'apikey', v_key),
          p_timeout_ms;
  return v_id;
end
$$;

revoke all on function private.app_now() from public;
revoke all on function private.invoke_edge_function(text, jsonb, integer) from public;
revoke all on function private.fail(p_message text, p_hint text, p_detail text) from public;
revoke all on function private.format_credits(n numeric) from public;
revoke all on function private.handle_ref(p_handle text) from public;
revoke all on function private.is_plain_object_name(p_name text) from public;
revoke all on function private.money2(n numeric) from public;
revoke all on function private.require_user() from public;
revoke all on function private.setting(p_name text) from public;
revoke all on function private.setting_number(p_name text) from public;
revoke all on function private.setting_problem(p_name text, p_value text) from public;
revoke all on function private.tg_set_updated_at() from public;
grant usage on schema private to service_role;
