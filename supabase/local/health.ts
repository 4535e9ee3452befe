// The health report (the `health` edge function: public.deploy_health plus the functions'
// own secrets) as lines for people: `npm run health` prints all of it, the local stack's
// start-up only what matters without pg_cron (its own timer runs the schedules).
export interface HealthCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface HealthReport {
  ok: boolean;
  database: { ok: boolean; checks?: HealthCheck[]; error?: string } | null;
  functions: HealthCheck[] | null;
}

/** Checks the local stack does without: its timer stands in for pg_cron, pg_net and Vault. */
const HOSTED_ONLY = /^(pg_cron|cron_jobs|pg_net|vault.*)$/;

export function healthLines(report: HealthReport, opts: { local?: boolean } = {}): string[] {
  const db = report.database;
  const checks = [
    ...(db?.checks ?? []).filter((c) => !(opts.local && HOSTED_ONLY.test(c.name))),
    ...(report.functions ?? []),
  ];
  const failing = checks.filter((c) => !c.ok);
  const lines: string[] = [];
  if (db?.error) lines.push(`✗ database: ${db.error}`);
  if (opts.local) {
    const missing = failing.length + (db?.error ? 1 : 0);
    lines.push(
      missing === 0 ? 'nothing missing' : `${missing} missing (npm run health -- --local for all checks)`,
    );
    for (const c of failing) lines.push(`  ✗ ${c.name}: ${c.detail}`);
    lines.push("  schedules: the stack's own timer (pg_cron, pg_net and Vault are for hosted Supabase)");
    return lines;
  }
  for (const c of checks) lines.push(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
  if (!db) lines.push('- database: not checked');
  if (!report.functions)
    lines.push("- functions' secrets: not checked (deploy the health function and give the project URL)");
  return lines;
}

/** The report from a running API (hosted project or local stack), through the health function. */
export async function fetchHealth(url: string, serviceRoleKey: string): Promise<HealthReport> {
  const base = url.replace(/\/+$/, '');
  const headers = { Authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey };
  const res = await fetch(`${base}/functions/v1/health`, { headers });
  if (res.ok) return (await res.json()) as HealthReport;
  if (res.status !== 404) throw new Error(`the health function answered ${res.status}: ${await res.text()}`);
  // not deployed: the database's part through the API
  const rpc = await fetch(`${base}/rest/v1/rpc/deploy_health`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const database = rpc.ok
    ? ((await rpc.json()) as HealthReport['database'])
    : { ok: false, error: `deploy_health answered ${rpc.status}: ${await rpc.text()}` };
  return { ok: false, database, functions: null };
}
