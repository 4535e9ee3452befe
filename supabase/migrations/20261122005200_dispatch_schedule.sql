-- Running the generation engine on hosted Supabase: pg_cron calls the `dispatch` edge
-- function every minute through pg_net (polls, retries, leases that ran out), and new work
-- (images, a video request, a tool job) calls it at once. The project URL and the service
-- role key come from Vault:
--
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
--
-- Where pg_cron or pg_net is absent (the local stack on PGlite or plain PostgreSQL) this is
-- a no-op: the local stack calls the same function itself, on NOTIFY and on its timer
-- (supabase/local/jobs/dispatch.ts). See docs/deploying.md, "Scheduled jobs".

-- POSTs {reason} to /functions/v1/dispatch with the service role key (pg_net sends it after
-- the transaction commits and never blocks it). Returns pg_net's request id, or null when
-- pg_net, Vault or the secrets are missing.
create or replace function private.invoke_dispatch(p_reason text default 'schedule') returns bigint
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
    using rtrim(v_url, '/') || '/functions/v1/dispatch',
          jsonb_build_object('reason', p_reason),
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
          10000;
  return v_id;
end
$$;

-- New work wakes the dispatcher at once (hosted; locally NOTIFY does it).
create or replace function private.tg_kick_dispatch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.invoke_dispatch(tg_argv[0]);
  return null;
end
$$;

create trigger kick_dispatch after insert on public.images
  for each statement execute function private.tg_kick_dispatch('images');
create trigger kick_dispatch after insert on public.tool_jobs
  for each statement execute function private.tg_kick_dispatch('tool_jobs');
create trigger kick_dispatch_video after update of video_status on public.projects
  for each row when (new.video_status = 'pending' and old.video_status is distinct from 'pending')
  execute function private.tg_kick_dispatch('video');

revoke all on function private.invoke_dispatch(text), private.tg_kick_dispatch() from public;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('drape-dispatch', '* * * * *', 'select private.invoke_dispatch(''schedule'')');
  end if;
end
$$;
