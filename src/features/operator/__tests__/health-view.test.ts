import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../api.ts';
import { healthView } from '../health-view.ts';

const report = (scheduler: 'local' | 'hosted' | undefined, extra: { name: string; ok: boolean }[] = []) =>
  ({
    ok: false,
    scheduler,
    database: {
      ok: false,
      checks: [
        { name: 'pg_cron', ok: false, detail: 'not installed' },
        { name: 'cron_jobs', ok: false, detail: 'missing' },
        { name: 'pg_net', ok: false, detail: 'not installed' },
        { name: 'vault_project_url', ok: false, detail: 'missing' },
        { name: 'setting_x', ok: true, detail: '' },
        ...extra.map((c) => ({ ...c, detail: '' })),
      ],
    },
    functions: [{ name: 'stripe', ok: true, detail: '' }],
  }) satisfies HealthReport;

describe('the Work tab’s health report', () => {
  it('on the local stack, pg_cron, cron jobs, pg_net and Vault are the stack’s, not warnings', () => {
    const v = healthView(report('local'));
    expect(v.ok).toBe(true);
    expect(v.local).toBe(true);
    expect(v.database.map((c) => [c.name, c.state])).toEqual([
      ['pg_cron', 'local'],
      ['cron_jobs', 'local'],
      ['pg_net', 'local'],
      ['vault_project_url', 'local'],
      ['setting_x', 'ok'],
    ]);
  });

  it('on the local stack, anything else missing still needs attention', () => {
    const v = healthView(report('local', [{ name: 'setting_y', ok: false }]));
    expect(v.ok).toBe(false);
    expect(v.database.find((c) => c.name === 'setting_y')?.state).toBe('attention');
  });

  it('on a real deployment, they are shown as needing attention', () => {
    for (const scheduler of ['hosted', undefined] as const) {
      const v = healthView(report(scheduler));
      expect(v.ok).toBe(false);
      expect(v.database.find((c) => c.name === 'pg_cron')?.state).toBe('attention');
      expect(v.database.find((c) => c.name === 'vault_project_url')?.state).toBe('attention');
    }
  });
});
