// The generated database types of the project's migrations: a fresh in-memory PGlite is
// brought to the schema (supabase/local/db/migrate.ts, the same path the stack takes) and its
// catalogue rendered.
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openScratchDatabase } from '../../supabase/local/db/scratch.ts';
import { readCatalog } from './catalog.ts';
import { renderDatabaseTypes } from './render.ts';

export async function generateDatabaseTypes(migrationsDir: string, schema = 'public'): Promise<string> {
  const scratch = await openScratchDatabase(null, 'types');
  try {
    await migrate(scratch.db, { migrationsDir });
    return renderDatabaseTypes(await readCatalog(scratch.db, schema));
  } finally {
    await scratch.drop();
  }
}

/** The lines that differ between two versions of the file, for a short report. */
export function changedLines(before: string, after: string, max = 12): string[] {
  const count = (text: string) => {
    const m = new Map<string, number>();
    for (const l of text.split('\n')) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const a = count(before);
  const b = count(after);
  const out: string[] = [];
  for (const l of after.split('\n'))
    if ((a.get(l) ?? 0) < (b.get(l) ?? 0) && !out.includes(`+ ${l.trim()}`)) out.push(`+ ${l.trim()}`);
  for (const l of before.split('\n'))
    if ((b.get(l) ?? 0) < (a.get(l) ?? 0) && !out.includes(`- ${l.trim()}`)) out.push(`- ${l.trim()}`);
  return out.length > max ? [...out.slice(0, max), `… and ${out.length - max} more`] : out;
}
