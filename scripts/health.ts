// npm run health — what a deployment lacks for its background work (pg_cron and the
// schedules, pg_net, the Vault secrets, settings, the provider's and Stripe's secrets, the
// catalogue address, and with FASHN whether the catalogue is still the drawn demo art), instead
// of generations that wait forever. Exits 1 when anything is.
//   npm run health -- --url https://<ref>.supabase.co --key <service role key>
//        (or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY): the `health` edge function, which
//        reports the database's checks and the functions' secrets
//   npm run health -- --db-url postgres://…  (or DATABASE_URL): the database's checks alone
//   npm run health -- --local: the local stack on SUPABASE_PORT (54321)
import pg from 'pg';
import { fetchHealth, type HealthReport, healthLines } from '../supabase/local/health.ts';
import { loadConfig } from '../supabase/local/config.ts';
import { deriveApiKeys } from '../supabase/local/jwt.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const option = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

async function main(): Promise<HealthReport> {
  if (args.includes('--local')) {
    const config = loadConfig();
    return fetchHealth(
      `http://127.0.0.1:${config.port}`,
      (await deriveApiKeys(config.jwtSecret)).serviceRole,
    );
  }
  const dbUrl = option('--db-url') ?? (option('--url') ? undefined : process.env.DATABASE_URL);
  if (dbUrl) {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ report: string }>(
        'select public.deploy_health()::text as report',
      );
      const database = JSON.parse(rows[0].report) as HealthReport['database'];
      return { ok: Boolean(database?.ok), database, functions: null };
    } finally {
      await client.end();
    }
  }
  const url = option('--url') ?? process.env.SUPABASE_URL;
  const key = option('--key') ?? process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) {
    console.error(
      'usage: npm run health -- --url https://<ref>.supabase.co --key <service role key>\n' +
        '       npm run health -- --db-url postgres://…\n' +
        '       npm run health -- --local',
    );
    process.exit(2);
  }
  return fetchHealth(url, key);
}

try {
  const report = await main();
  for (const line of healthLines(report)) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  console.error(`health: ${(err as Error).message}`);
  process.exitCode = 2;
}
