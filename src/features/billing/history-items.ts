// /history's two lists (spec 2 §2, §3, §5, §9), built from what the app reads. Activity is the
// credit ledger: every movement of the balance (generation, refund, fix, video, tool, credit
// pack, plan credits, rollover expiry, welcome credits, adjustment) is one row with its signed
// credits, so the rows add up to the ledger and the balance; beside them, the two events that
// move no credit: a project completed and a free fix. Purchases are the billing rows of the
// history log (webhook_logs: credit_purchase_processed, subscription_updated,
// plan_determination, subscription_plan_changed). Words are added by history-text.ts.

export type ActivityType =
  | 'project_created'
  | 'batch_started'
  | 'project_completed'
  | 'fix_requested'
  | 'tool_used'
  | 'video_requested'
  | 'refund'
  | 'credits_purchased'
  | 'plan_credits'
  | 'credits_expired'
  | 'welcome_credits'
  | 'adjustment';

export interface ActivityItem {
  id: string;
  type: ActivityType;
  date: string;
  projectId: string | null;
  projectName: string | null;
  projectType: string | null;
  fixId: string | null;
  toolName: string | null;
  /** the credits it moved: negative when charged, positive when given; 0 for a free fix; null when none moved */
  credits: number | null;
  /** a ledger row's id (money rows only): rows = ledger */
  ledgerId: string | null;
  /** a refund: what the refunded charge was for */
  refundOf: 'generation' | 'fix' | 'video' | 'tool' | null;
  /** plan credits and expiry: the plan */
  plan: string | null;
  /** a batch's charge, or the refund of one of its images: the batch's name and photo count */
  batch: { name: string; photos: number } | null;
  /** the project's, the fix's, the video's, or 'completed' */
  status: string;
  /** an adjustment an operator made: the reason they gave (operator_grant_credits) */
  note?: string | null;
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
  video_status?: string | null;
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
export interface LedgerRow {
  id: string;
  amount: number | string;
  reason: string;
  reference: string | null;
  refund_of: string | null;
  details: Record<string, unknown> | null;
  created_at: string;
}

/** History fallback amount per credit when none is recorded (spec 2 §9). */
export const FALLBACK_CREDIT_PRICE = 1.75;

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

const LEDGER_TYPES: Record<string, ActivityType> = {
  generation: 'project_created',
  fix: 'fix_requested',
  video: 'video_requested',
  tool: 'tool_used',
  refund: 'refund',
  purchase: 'credits_purchased',
  plan_grant: 'plan_credits',
  expiry: 'credits_expired',
  signup_bonus: 'welcome_credits',
  adjustment: 'adjustment',
};
const REFUNDED = new Set(['generation', 'fix', 'video', 'tool']);

/** The id after a reference's prefix ('project:<id>', 'fix:<id>'), when it has that prefix. */
const refId = (reference: string | null, prefix: string) =>
  reference?.startsWith(`${prefix}:`) ? reference.slice(prefix.length + 1) : null;

export function activityItems(
  ledger: LedgerRow[],
  projects: ProjectRow[],
  fixes: FixRow[],
  tools: LogRow[] = [],
): ActivityItem[] {
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const fixById = new Map(fixes.map((f) => [f.id, f]));
  const chargeById = new Map(ledger.map((l) => [l.id, l]));
  const toolNameOfCharge = new Map<string, string>();
  for (const t of tools) {
    const raw = t.raw_data ?? {};
    const metadata = (raw.metadata ?? {}) as Record<string, unknown>;
    const charge = text(metadata.chargeId);
    const name = text(raw.toolName) ?? text(metadata.toolName);
    if (charge && name) toolNameOfCharge.set(charge, name);
  }
  const items: ActivityItem[] = [];
  const chargedFixes = new Set<string>();

  for (const l of ledger) {
    const details = l.details ?? {};
    const charge = l.refund_of ? chargeById.get(l.refund_of) : undefined;
    const about = charge ?? l;
    const aboutDetails = about.details ?? {};
    const fixId = text(aboutDetails.fixId) ?? refId(about.reference, 'fix');
    const fix = fixId ? fixById.get(fixId) : undefined;
    const projectId =
      text(aboutDetails.projectId) ?? refId(about.reference, 'project') ?? fix?.project_id ?? null;
    const project = projectId ? projectById.get(projectId) : undefined;
    const batchName = text(aboutDetails.batchName);
    const batch = batchName ? { name: batchName, photos: num(aboutDetails.projects) ?? 0 } : null;
    const type =
      l.reason === 'generation' && batch ? 'batch_started' : (LEDGER_TYPES[l.reason] ?? 'adjustment');
    if (l.reason === 'fix' && fixId) chargedFixes.add(fixId);
    const refundOf = text(details.charge_reason) ?? charge?.reason ?? null;
    const status =
      type === 'project_created'
        ? (project?.status ?? 'completed')
        : type === 'fix_requested'
          ? (fix?.status ?? 'completed')
          : type === 'video_requested'
            ? (project?.video_status ?? 'completed')
            : 'completed';
    items.push({
      id: `ledger:${l.id}`,
      type,
      date: l.created_at,
      projectId: project ? projectId : null,
      projectName: project?.name ?? fix?.projects?.name ?? null,
      projectType: project?.type ?? fix?.projects?.type ?? null,
      fixId,
      toolName:
        text(aboutDetails.tool) ?? toolNameOfCharge.get(about.id) ?? (about.reason === 'tool' ? '' : null),
      credits: num(l.amount),
      ledgerId: l.id,
      refundOf: refundOf && REFUNDED.has(refundOf) ? (refundOf as ActivityItem['refundOf']) : null,
      plan: text(details.plan),
      batch,
      status,
      note: l.reason === 'adjustment' ? text(details.note) : null,
    });
  }
  for (const p of projects) {
    if (p.status !== 'completed' && p.status !== 'archived') continue;
    items.push({
      id: `project:${p.id}`,
      type: 'project_completed',
      date: p.updated_at,
      projectId: p.id,
      projectName: p.name,
      projectType: p.type,
      fixId: null,
      toolName: null,
      credits: null,
      ledgerId: null,
      refundOf: null,
      plan: null,
      batch: null,
      status: p.status,
    });
  }
  // a free fix moves no credit, but the seller asked for it
  for (const f of fixes) {
    if (chargedFixes.has(f.id)) continue;
    items.push({
      id: `fix:${f.id}`,
      type: 'fix_requested',
      date: f.created_at,
      projectId: f.project_id,
      projectName: f.projects?.name ?? null,
      projectType: f.projects?.type ?? null,
      fixId: f.id,
      toolName: null,
      credits: 0,
      ledgerId: null,
      refundOf: null,
      plan: null,
      batch: null,
      status: f.status,
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
