// Reads repeat: the app's list screens send the same URL again and again. The statement
// built for a read (SQL text, bound values, the offset it pages from) is kept per request
// shape — schema, table, query string, representation, count, range — so a repeat skips
// parsing, planning and SQL building. Entries belong to one schema cache: a reload starts
// afresh. Errors are never cached, so every refusal is re-derived.
import type { SchemaCache } from './schema/model.ts';

export interface CachedRead {
  text: string;
  values: (string | null)[];
  offset: number;
}

const MAX_ENTRIES = 1000;

export class StatementCache {
  private schema: SchemaCache | null = null;
  private entries = new Map<string, CachedRead>();

  get(schema: SchemaCache, key: string): CachedRead | undefined {
    if (schema !== this.schema) {
      this.schema = schema;
      this.entries.clear();
      return undefined;
    }
    return this.entries.get(key);
  }

  set(schema: SchemaCache, key: string, entry: CachedRead) {
    if (schema !== this.schema) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}
