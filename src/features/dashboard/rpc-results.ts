// The dashboard's SQL functions answer jsonb (Json in the generated types): their shapes,
// checked when they arrive instead of assumed. Checked by hand rather than with zod: /home is a
// first screen, and zod's core (14 KiB gzip) would be the only thing it loaded it for.
import type { Json } from '../../lib/database.types.ts';

/** rpc('get_project_stats') */
export interface ProjectStats {
  total: number;
  completed: number;
  in_progress: number;
  rejected: number;
  failed: number;
  archived: number;
}

const ACTIVITY_TYPES = ['project_created', 'project_completed', 'fix_requested', 'tool_used'] as const;

/** One item of rpc('get_recent_activity') */
export interface ActivityItem {
  id: string;
  type: (typeof ACTIVITY_TYPES)[number];
  date: string;
  details: string | null;
  metadata: {
    projectId?: string;
    projectName?: string | null;
    projectType?: string | null;
    status?: string;
    fixId?: string;
    toolName?: string | null;
    toolDetails?: string | null;
    creditsUsed?: number | null;
  };
}

class ShapeError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function field<T>(from: Record<string, unknown>, key: string, is: (v: unknown) => v is T, what: string): T {
  const v = from[key];
  if (!is(v)) throw new ShapeError(`${key}: expected ${what}`);
  return v;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isStringOrNull = (v: unknown): v is string | null => v === null || isString(v);
const optional =
  <T>(is: (v: unknown) => v is T) =>
  (v: unknown): v is T | undefined =>
    v === undefined || is(v);
const isActivityType = (v: unknown): v is ActivityItem['type'] =>
  (ACTIVITY_TYPES as readonly unknown[]).includes(v);

export function toProjectStats(data: Json): ProjectStats {
  if (!isRecord(data)) throw new ShapeError('get_project_stats: expected an object');
  const count = (key: keyof ProjectStats) => field(data, key, isNumber, 'a number');
  return {
    total: count('total'),
    completed: count('completed'),
    in_progress: count('in_progress'),
    rejected: count('rejected'),
    failed: count('failed'),
    archived: count('archived'),
  };
}

/** The item's known fields (others are dropped); throws on a field of the wrong type. */
function toActivityItem(item: unknown): ActivityItem {
  if (!isRecord(item)) throw new ShapeError('expected an object');
  const meta = field(item, 'metadata', isRecord, 'an object');
  const metadata: ActivityItem['metadata'] = {};
  const copy = <K extends keyof ActivityItem['metadata']>(
    key: K,
    is: (v: unknown) => v is ActivityItem['metadata'][K],
  ) => {
    const v = field(meta, key, optional(is), 'the right type');
    if (v !== undefined) metadata[key] = v;
  };
  copy('projectId', isString);
  copy('projectName', isStringOrNull);
  copy('projectType', isStringOrNull);
  copy('status', isString);
  copy('fixId', isString);
  copy('toolName', isStringOrNull);
  copy('toolDetails', isStringOrNull);
  copy('creditsUsed', (v): v is number | null => v === null || isNumber(v));
  return {
    id: field(item, 'id', isString, 'a string'),
    type: field(item, 'type', isActivityType, 'a known activity type'),
    date: field(item, 'date', isString, 'a string'),
    details: field(item, 'details', isStringOrNull, 'a string or null'),
    metadata,
  };
}

/** Items of a kind this version does not know are left out; the rest are shown. */
export function toActivityItems(data: Json): ActivityItem[] {
  if (!Array.isArray(data)) throw new ShapeError('get_recent_activity: expected an array');
  return data.flatMap((item) => {
    try {
      return [toActivityItem(item)];
    } catch (e) {
      if (e instanceof ShapeError) return [];
      throw e;
    }
  });
}
