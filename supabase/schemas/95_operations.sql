-- What a deployment lacks for its background work, for the operator (`npm run health`, the
-- local stack's start-up line) instead of generations that wait forever: pg_cron and the five
-- schedules, pg_net, the two Vault secrets the schedules post with, and the values in
-- private.settings. The edge functions' own secrets (provider, Stripe, catalogue URL) are
-- reported by the `health` edge function, which can read them.
-- Service role only. Returns {ok, checks: [{name, ok, detail}]}; ok when every check is.
create or replace function public.deploy_health() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_jobs text[] := array['drape-scheduled-jobs', 'drape-dispatch', 'drape-notice-retries',
                         'drape-storage-cleanup', 'drape-stripe-reconcile'];
  v_checks jsonb := '[]'::jsonb;
  v_missing text[];
  v_ok boolean;
  v_value text;
  v_name text;
begin
  v_ok := exists (select 1 from pg_extension where extname = 'pg_cron');
  v_checks := v_checks || jsonb_build_object('name', 'pg_cron', 'ok', v_ok, 'detail', case when v_ok
    then 'enabled'
    else 'pg_cron is not enabled: nothing runs on a schedule (renewals, generation dispatch, notice '
         'retries, storage clean-up, Stripe reconciliation). Enable it (Database → Extensions), then '
         'run the schedule blocks of docs/deploying.md again.' end);
  if v_ok then
    -- dynamic SQL: this function also exists where cron does not
    execute 'select array(select j from unnest($1) j
                           where not exists (select 1 from cron.job c where c.jobname = j and c.active))'
      into v_missing using v_jobs;
    v_checks := v_checks || jsonb_build_object('name', 'cron_jobs', 'ok', cardinality(v_missing) = 0,
      'detail', case when cardinality(v_missing) = 0 then 'all ' || cardinality(v_jobs) || ' schedules are active'
        else 'not scheduled: ' || array_to_string(v_missing, ', ')
             || '. Run their blocks of docs/deploying.md again.' end);
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

  v_value := private.setting('stripe_cancel_hold_hours');
  v_ok := v_value is null or v_value ~ '^[0-9]+(\.[0-9]+)?$';
  v_checks := v_checks || jsonb_build_object('name', 'setting_stripe_cancel_hold_hours', 'ok', v_ok,
    'detail', case when v_value is null then 'not set: 24 hours'
                   when v_ok then v_value || ' hours'
                   else format('%L is not a number of hours: 24 hours are used', v_value) end);

  return jsonb_build_object('ok', not exists (select 1 from jsonb_array_elements(v_checks) c
                                               where not (c ->> 'ok')::boolean),
                            'checks', v_checks);
end
$$;

-- Privileges ----------------------------------------------------------------------------
revoke all on function public.deploy_health() from public, anon, authenticated;
grant execute on function public.deploy_health() to service_role;
