-- Change capture for the local Realtime: what hosted Supabase reads from logical
-- replication (the WAL of the tables in publication supabase_realtime), the local stack
-- records with an AFTER … FOR EACH ROW trigger on each published table. The trigger writes
-- the change to _realtime.changes and NOTIFYs [id, schema, table] (NOTIFY payloads are limited to
-- 8000 bytes, rows are not); the notification arrives after commit, so rolled-back changes
-- never reach a subscriber. Installed by the realtime service at every start (idempotent);
-- an event trigger keeps the capture triggers in step with `alter publication` from then on.

create schema if not exists _realtime;
revoke all on schema _realtime from public;

create table if not exists _realtime.changes (
  id bigserial primary key,
  relid oid not null,
  schema_name name not null,
  table_name name not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);
create index if not exists changes_committed_at_idx on _realtime.changes (committed_at);

create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
declare
  change_id bigint;
begin
  insert into _realtime.changes (relid, schema_name, table_name, type, record, old_record)
  values (
    TG_RELID, TG_TABLE_SCHEMA, TG_TABLE_NAME, TG_OP,
    case when TG_OP = 'DELETE' then null else to_jsonb(NEW) end,
    case when TG_OP = 'INSERT' then null else to_jsonb(OLD) end
  )
  returning id into change_id;
  perform pg_notify('realtime_changes', json_build_array(change_id, TG_TABLE_SCHEMA, TG_TABLE_NAME)::text);
  return null;
end $$;

-- Puts the capture trigger on every table of the publication and takes it off the tables
-- that left it.
create or replace function _realtime.sync_capture() returns void
language plpgsql set search_path = pg_catalog, pg_temp as $$
declare
  t record;
begin
  for t in
    select n.nspname, c.relname
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
      and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'realtime_capture')
  loop
    execute format(
      'create trigger realtime_capture after insert or update or delete on %I.%I for each row execute function _realtime.capture()',
      t.nspname, t.relname);
  end loop;

  for t in
    select n.nspname, c.relname
    from pg_trigger g
    join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'realtime_capture' and g.tgparentid = 0
      and not exists (
        select 1 from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger realtime_capture on %I.%I', t.nspname, t.relname);
  end loop;
end $$;

-- After DDL: follow publication changes at once (in the migration's own transaction, so no
-- change after `alter publication … add table` is missed) and tell the service that table
-- definitions, grants or replica identities may have changed.
create or replace function _realtime.on_ddl() returns event_trigger
language plpgsql set search_path = pg_catalog, pg_temp as $$
begin
  if tg_tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO') then
    begin
      perform _realtime.sync_capture();
    exception when others then
      raise warning 'realtime: could not update change capture: %', sqlerrm;
    end;
  end if;
  -- the service's own objects (the generated RLS checkers) are no news
  -- (drops are not listed by pg_event_trigger_ddl_commands)
  if tg_tag like 'DROP %'
     or exists (select 1 from pg_event_trigger_ddl_commands() c where c.schema_name is distinct from '_realtime') then
    perform pg_notify('realtime_catalog', tg_tag);
  end if;
end $$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'realtime_capture_ddl') then
    create event trigger realtime_capture_ddl on ddl_command_end execute function _realtime.on_ddl();
  end if;
end $$;
