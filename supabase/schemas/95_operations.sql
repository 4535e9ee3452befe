-- What a deployment lacks for its background work, for the operator (`npm run health`, the
-- local stack's start-up line) instead of generations that wait forever: pg_cron and every
-- schedule of private.schedules, pg_net, the two Vault secrets the schedules post with, and
-- every row of private.settings against its definition. The edge functions' own secrets (provider, Stripe, catalogue URL) are
-- reported by the `health` edge function, which can read them.
-- Service role only. Returns {ok, checks: [{name, ok, detail}]}; ok when every check is.

-- The pg_cron jobs Drape needs, one row each (reference rows, in the migrations). A migration
-- that adds a job adds its row and calls private.schedule_jobs(); deploy_health checks every
-- row, so a new job cannot be left out of the check.
create table private.schedules (
  name text primary key check (name ~ '^drape-[a-z0-9-]+$'),
  schedule text not null,
  command text not null,
  what text not null
);

-- Schedules every row of private.schedules with pg_cron: after the migrations, or once pg_cron
-- is enabled on a project whose migrations ran without it. cron.schedule replaces a job of the
-- same name, so running it again is safe; without pg_cron it does nothing. Returns how many
-- jobs it scheduled.
create or replace function private.schedule_jobs() returns integer
language plpgsql
set search_path = ''
as $$
declare
  r record;
  n integer := 0;
begin
  -- dynamic SQL: this function also exists where cron does not
  if to_regprocedure('cron.schedule(text, text, text)') is null then
    return 0;
  end if;
  for r in select * from private.schedules order by name loop
    execute 'select cron.schedule($1, $2, $3)' using r.name, r.schedule, r.command;
    n := n + 1;
  end loop;
  return n;
end
$$;

create or replace function public.deploy_health() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_jobs text[] := array(select s.name from private.schedules s order by s.name);
  v_checks jsonb := '[]'::jsonb;
  v_missing text[];
  v_ok boolean;
  v_value text;
  v_name text;
  v_detail text;
begin
  v_ok := exists (select 1 from pg_extension where extname = 'pg_cron');
  v_checks := v_checks || jsonb_build_object('name', 'pg_cron', 'ok', v_ok, 'detail', case when v_ok
    then 'enabled'
    else 'pg_cron is not enabled: nothing runs on a schedule (renewals, generation dispatch, notice '
         'and push retries, storage clean-up, Stripe reconciliation). Enable it (Database → Extensions), '
         'then schedule the jobs: select private.schedule_jobs();' end);
  if to_regclass('cron.job') is not null then
    -- dynamic SQL: this function also exists where cron does not
    execute 'select array(select j from unnest($1) j
                           where not exists (select 1 from cron.job c where c.jobname = j and c.active))'
      into v_missing using v_jobs;
    v_checks := v_checks || jsonb_build_object('name', 'cron_jobs', 'ok', cardinality(v_missing) = 0,
      'detail', case when cardinality(v_missing) = 0 then 'all ' || cardinality(v_jobs) || ' schedules are active'
        else 'not scheduled: ' || array_to_string(v_missing, ', ')
             || '. Schedule them: select private.schedule_jobs();' end);
  end if;

  v_ok := exists (select 1 from pg_extension where extname = 'pg_net');
  v_checks := v_checks || jsonb_build_object('name', 'pg_net', 'ok', v_ok, 'detail', case when v_ok
    then 'enabled'
    else 'pg_net is not enabled: every schedule and every new generation''s wake-up call is a silent '
         'no-op. Enable it (Database → Extensions).' end);

  if to_regclass('vault.decrypted_secrets') is null then
    v_checks := v_checks || jsonb_build_object('name', 'vault', 'ok', false, 'detail',
      'Vault is not available: the schedules cannot read project_url and service_role_key.');
  else
    foreach v_name in array array['project_url', 'service_role_key'] loop
      execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1'
        into v_value using v_name;
      v_checks := v_checks || jsonb_build_object('name', 'vault_' || v_name, 'ok',
        case v_name
          when 'project_url' then coalesce(v_value ~ '^https?://[^/]+', false)
          else coalesce(v_value ~ '^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$', false) end,
        'detail', case
          when v_value is null then
            format('the Vault secret %s is missing: scheduled calls do nothing. '
                   'select vault.create_secret(''<value>'', ''%s'');', v_name, v_name)
          when v_name = 'project_url' and v_value !~ '^https?://[^/]+' then
            'the Vault secret project_url is not a URL (https://<ref>.supabase.co)'
          when v_name = 'service_role_key' and v_value !~ '^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$' then
            'the Vault secret service_role_key is not a JWT: the functions gateway verifies one; '
            'store the legacy service role key'
          else 'set' end);
    end loop;
  end if;

  -- every setting Drape reads, and every row of private.settings (a misspelt name changes nothing)
  for v_name, v_value, v_detail in
    select coalesce(d.name, st.name), st.value, private.setting_problem(coalesce(d.name, st.name), st.value)
      from private.setting_definitions d
      full join private.settings st on st.name = d.name
     order by 1
  loop
    v_checks := v_checks || jsonb_build_object('name', 'setting_' || v_name, 'ok', v_detail is null,
      'detail', coalesce(v_detail, case
        when nullif(btrim(v_value), '') is null then
          (select case when d.kind = 'origin' then 'not set'
                       else format('not set: %s %s', d.default_value, d.unit) end
             from private.setting_definitions d where d.name = v_name)
        else (select format('%s %s', private.setting_number(v_name), d.unit) from private.setting_definitions d where d.name = v_name)
      end));
  end loop;

  return jsonb_build_object('ok', not exists (select 1 from jsonb_array_elements(v_checks) c
                                               where not (c ->> 'ok')::boolean),
                            'checks', v_checks);
end
$$;

-- Privileges ----------------------------------------------------------------------------
revoke all on function public.deploy_health() from public, anon, authenticated;
revoke all on function private.schedule_jobs() from public;
grant execute on function public.deploy_health() to service_role;
