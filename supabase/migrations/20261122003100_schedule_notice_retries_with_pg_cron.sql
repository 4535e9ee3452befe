-- Retrying outbound notices on hosted Supabase. Notices (feedback, contact, sales, low
-- credits, fix requests) are stored first and posted to their webhooks by the `send-notice`
-- edge function; the app calls it right after storing one. When a webhook was down, the
-- notice waits with a later next_attempt_at — and on hosted Supabase nothing called
-- send-notice again. Here pg_cron runs private.invoke_send_notice() every minute, which
-- POSTs to /functions/v1/send-notice through pg_net when a notice is due, exactly as the
-- local stack's timer does (supabase/local/jobs/index.ts, which stays the stand-in locally).
--
-- The project URL and the service role key come from Vault, under the same names the
-- dispatch schedule uses (create them once, in the SQL editor):
--
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
--
-- Without pg_cron (the local stack on PGlite or plain PostgreSQL) nothing is scheduled and
-- this migration changes nothing else; without pg_net, Vault or the secrets, each run does
-- nothing and returns null. See docs/hosted-scheduling.md.

-- POSTs {} to send-notice with the service role key when an outbound notice is due; returns
-- pg_net's request id, or null when nothing is due or pg_net, Vault or a secret is missing.
-- pg_net sends after the calling transaction commits and never blocks it.
create or replace function private.invoke_send_notice() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
  v_id bigint;
begin
  if not exists (
    select 1 from public.outbound_notices
     where status in ('pending', 'sending') and next_attempt_at <= now()
  ) then
    return null;
  end if;
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
    using rtrim(v_url, '/') || '/functions/v1/send-notice',
          '{}'::jsonb,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key, 'apikey', v_key),
          30000;
  return v_id;
end
$$;

revoke all on function private.invoke_send_notice() from public;

-- Every minute, as the local timer's default. cron.schedule replaces a job of the same name,
-- so running this block again (after enabling pg_cron later) is safe.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('drape-notice-retries', '* * * * *', 'select private.invoke_send_notice()');
  end if;
end
$$;
