// /history's two lists (spec 2 §2, §3, §5, §9), built from what the app reads: projects,
// fixes and tool uses for activity; the billing rows of the history log (webhook_logs:
// credit_purchase_processed, subscription_updated, plan_determination,
// subscription_plan_changed) for purchases. Words are added by history-text.ts.

export type ActivityType = 'project_created' | 'project_completed' | 'fix_requested' | 'tool_used';

export interface ActivityItem {
  id: string;
  type: ActivityType;
  date: string;
  projectId: string | null;
  projectName: string | null;
  projectType: string | null;
  fixId: string | null;
  toolName: string | null;
  /** credits it cost, when known */
  credits: number | null;
  /** the project's, the fix's, or 'completed' for a tool use */
  status: string;
}

export type PurchaseEvent =
  | 'plan_purchase'
  | 'renewal'
  | 'payment_failed'
  | 'cancellation'
  | 'resumed'
  | 'downgrade_scheduled'
  | 'downgrade_cancelled'
  | 'plan_changed'
  | 'credits';

export interface PurchaseItem {
  id: string;
  date: string;
  type: 'subscription' | 'credits';
  event: PurchaseEvent;
  /** in currency units; credit purchases without a recorded amount use credits × 1.75 */
  amount: number | null;
  currency: string;
  status: string;
  plan: string | null;
  previousPlan: string | null;
  creditsAdded: number | null;
  /** the date a change takes or took effect (period end, downgrade) */
  effectiveAt: string | null;
}

export interface ProjectRow {
  id: string;
  name: string;
  type: string;
  status: string;
  created_at: string;
  updated_at: string;
  credits_charged?: number | string | null;
}
export interface FixRow {
  id: string;
  project_id: string;
  status: string;
  created_at: string;
  projects: { name: string; type: string } | null;
}
export interface LogRow {
  id: string;
  event_type: string;
  raw_data: Record<string, unknown> | null;
  created_at: string;
}

/** History fallback amount per credit when none is recorded (spec 2 §9). */
export const FALLBACK_CREDIT_PRICE = 1.75;

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function activityItems(projects: ProjectRow[], fixes: FixRow[], tools: LogRow[]): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const p of projects) {
    const completed = p.status === 'completed' || p.status === 'archived';
    items.push({
      id: `project:${p.id}`,
      type: completed ? 'project_completed' : 'project_created',
      date: completed ? p.updated_at : p.created_at,
      projectId: p.id,
      projectName: p.name,
      projectType: p.type,
      fixId: null,
      toolName: null,
      credits: num(p.credits_charged),
      status: p.status,
    });
  }
  for (const f of fixes) {
    items.push({
      id: `fix:${f.id}`,
      type: 'fix_requested',
      date: f.created_at,
      projectId: f.project_id,
      projectName: f.projects?.name ?? null,
      projectType: f.projects?.type ?? null,
      fixId: f.id,
      toolName: null,
      credits: null,
      status: f.status,
    });
  }
  for (const t of tools) {
    const raw = t.raw_data ?? {};
    const metadata = (raw.metadata ?? {}) as Record<string, unknown>;
    items.push({
      id: `tool:${t.id}`,
      type: 'tool_used',
      date: t.created_at,
      projectId: null,
      projectName: null,
      projectType: null,
      fixId: null,
      toolName: text(raw.toolName) ?? text(metadata.toolName),
      credits: num(raw.creditsUsed) ?? num(metadata.creditsUsed),
      status: 'completed',
    });
  }
  return items;
}

function purchaseFromLog(row: LogRow): PurchaseItem | null {
  const raw = row.raw_data ?? {};
  const base = {
    id: row.id,
    date: row.created_at,
    currency: (text(raw.currency) ?? 'eur').toLowerCase(),
    plan: text(raw.plan),
    previousPlan: null as string | null,
    creditsAdded: null as number | null,
    effectiveAt: null as string | null,
  };
  const status = text(raw.status) ?? 'completed';
  switch (row.event_type) {
    case 'credit_purchase_processed': {
      const credits = num(raw.credits_added);
      const recorded = num(raw.amount);
      return {
        ...base,
        type: 'credits',
        event: 'credits',
        creditsAdded: credits,
        amount:
          recorded ?? (credits === null ? null : Math.round(credits * FALLBACK_CREDIT_PRICE * 100) / 100),
        status,
      };
    }
    case 'plan_determination':
      return {
        ...base,
        type: 'subscription',
        event: 'plan_purchase',
        plan: text(raw.determined_plan) ?? base.plan,
        previousPlan: text(raw.plan),
        amount: num(raw.amount),
        status,
        effectiveAt: text(raw.current_period_end),
      };
    case 'subscription_plan_changed':
      return {
        ...base,
        type: 'subscription',
        event: 'plan_changed',
        previousPlan: text(raw.previous_plan),
        amount: null,
        status,
        effectiveAt: text(raw.effective_at),
      };
    case 'subscription_updated': {
      const event: PurchaseEvent | null =
        status === 'renewed'
          ? 'renewal'
          : status === 'payment_failed'
            ? 'payment_failed'
            : status === 'cancel_at_period_end'
              ? 'cancellation'
              : status === 'active'
                ? 'resumed'
                : status === 'downgrade_scheduled'
                  ? 'downgrade_scheduled'
                  : status === 'downgrade_cancelled'
                    ? 'downgrade_cancelled'
                    : null;
      if (!event) return null;
      return {
        ...base,
        type: 'subscription',
        event,
        plan: event === 'downgrade_scheduled' ? (text(raw.scheduled_plan) ?? base.plan) : base.plan,
        previousPlan: event === 'downgrade_scheduled' ? base.plan : null,
        amount: num(raw.amount),
        status,
        effectiveAt: text(raw.effective_at) ?? text(raw.current_period_end),
      };
    }
    default:
      return null;
  }
}

export function purchaseItems(rows: LogRow[]): PurchaseItem[] {
  return rows.flatMap((r) => purchaseFromLog(r) ?? []);
}

/** Case-insensitive substring match over the texts a row shows (spec 2 §5). */
export function matchesSearch(texts: (string | null | undefined)[], query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return texts.some((t) => (t ?? '').toLocaleLowerCase().includes(q));
}

export type SortDirection = 'desc' | 'asc';

export function sortByDate<T extends { date: string; id: string }>(
  items: T[],
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort(
    (a, b) => sign * (new Date(a.date).getTime() - new Date(b.date).getTime()) || a.id.localeCompare(b.id),
  );
}
