// How the Work tab reads the health report. The local stack runs the schedules with its own
// timer, so pg_cron, the cron jobs, pg_net and Vault (checks hosted Supabase needs) are
// "handled by the local stack" there — not a warning — as `npm run health -- --local` leaves
// them out (supabase/local/health.ts). On a real deployment they count like every other check.
import type { HealthCheck, HealthReport } from './api.ts';

/** The checks the local stack does without (the same names as supabase/local/health.ts). */
const HOSTED_ONLY = /^(pg_cron|cron_jobs|pg_net|vault.*)$/;

export type CheckState = 'ok' | 'attention' | 'local';

export interface ShownCheck extends HealthCheck {
  state: CheckState;
}

export interface HealthView {
  /** every check that matters here passes */
  ok: boolean;
  local: boolean;
  database: ShownCheck[];
  functions: ShownCheck[];
}

export function healthView(report: HealthReport): HealthView {
  const local = report.scheduler === 'local';
  const shown = (c: HealthCheck): ShownCheck => ({
    ...c,
    state: c.ok ? 'ok' : local && HOSTED_ONLY.test(c.name) ? 'local' : 'attention',
  });
  const database = (report.database.checks ?? []).map(shown);
  const functions = report.functions.map(shown);
  const ok = !report.database.error && [...database, ...functions].every((c) => c.state !== 'attention');
  return { ok, local, database, functions };
}
