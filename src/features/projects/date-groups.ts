// Projects grouped by when they were made: Today, Yesterday, Last 7 days, Last 30 days, Older
// (spec 2 §2), by the seller's local calendar days. Within a group the order given is kept.
export const DATE_GROUPS = ['today', 'yesterday', 'last7', 'last30', 'older'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

const DAY = 86_400_000;

/** Whole local calendar days between two instants (0 = same day), immune to DST shifts. */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((b - a) / DAY);
}

export function dateGroupOf(createdAt: string | Date, now: Date = new Date()): DateGroup {
  const days = calendarDaysBetween(typeof createdAt === 'string' ? new Date(createdAt) : createdAt, now);
  if (days <= 0) return 'today'; // also a clock slightly behind the server's
  if (days === 1) return 'yesterday';
  if (days < 7) return 'last7';
  if (days < 30) return 'last30';
  return 'older';
}

export interface DatedGroup<T> {
  group: DateGroup;
  items: T[];
}

/** The non-empty groups in order, each keeping the items' order. */
export function groupByDate<T extends { created_at: string }>(
  items: readonly T[],
  now: Date = new Date(),
): DatedGroup<T>[] {
  const buckets = new Map<DateGroup, T[]>();
  for (const item of items) {
    const group = dateGroupOf(item.created_at, now);
    const list = buckets.get(group);
    if (list) list.push(item);
    else buckets.set(group, [item]);
  }
  return DATE_GROUPS.filter((g) => buckets.has(g)).map((group) => ({
    group,
    items: buckets.get(group) ?? [],
  }));
}
