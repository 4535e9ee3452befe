// The dashboard's SQL functions answer jsonb (Json in the generated types): their shapes,
// checked when they arrive instead of assumed.
import { z } from 'zod/mini';
import type { Json } from '../../lib/database.types.ts';

const count = z.number();
const projectStatsSchema = z.object({
  total: count,
  completed: count,
  in_progress: count,
  rejected: count,
  failed: count,
  archived: count,
});
/** rpc('get_project_stats') */
export type ProjectStats = z.infer<typeof projectStatsSchema>;

const text = z.optional(z.nullable(z.string()));
const activityItemSchema = z.object({
  id: z.string(),
  type: z.enum(['project_created', 'project_completed', 'fix_requested', 'tool_used']),
  date: z.string(),
  details: z.nullable(z.string()),
  metadata: z.object({
    projectId: z.optional(z.string()),
    projectName: text,
    projectType: text,
    status: z.optional(z.string()),
    fixId: z.optional(z.string()),
    toolName: text,
    toolDetails: text,
    creditsUsed: z.optional(z.nullable(z.number())),
  }),
});
/** One item of rpc('get_recent_activity') */
export type ActivityItem = z.infer<typeof activityItemSchema>;

export function toProjectStats(data: Json): ProjectStats {
  return projectStatsSchema.parse(data);
}

/** Items of a kind this version does not know are left out; the rest are shown. */
export function toActivityItems(data: Json): ActivityItem[] {
  if (!Array.isArray(data)) throw new Error('get_recent_activity: expected an array');
  return data.flatMap((item) => {
    const parsed = activityItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
