// Every joined channel of every socket, indexed by topic (broadcast, presence) and by the
// tables their live postgres_changes bindings name (change delivery).
import type { Channel } from './channel.ts';

const topicKey = (topic: string, isPrivate: boolean) => `${isPrivate ? 'private' : 'public'}\u0000${topic}`;
const tableKey = (schema: string, table: string | null) => `${schema}\u0000${table ?? '*'}`;

export class Registry {
  private topics = new Map<string, Set<Channel>>();
  /** table key → channels with a binding on it (and how many bindings) */
  private tables = new Map<string, Map<Channel, number>>();
  private indexed = new Map<Channel, [schema: string, table: string | null][]>();
  private wildcardSchemas = new Map<string, number>();

  add(ch: Channel) {
    const k = topicKey(ch.topic, ch.opts.isPrivate);
    let set = this.topics.get(k);
    if (!set) {
      set = new Set();
      this.topics.set(k, set);
    }
    set.add(ch);
  }

  remove(ch: Channel) {
    const k = topicKey(ch.topic, ch.opts.isPrivate);
    const set = this.topics.get(k);
    if (set) {
      set.delete(ch);
      if (set.size === 0) this.topics.delete(k);
    }
    this.unindexChanges(ch);
  }

  channelsOn(topic: string, isPrivate: boolean): Iterable<Channel> {
    return this.topics.get(topicKey(topic, isPrivate)) ?? [];
  }

  /** Starts delivering changes to the channel's current pgBindings. */
  indexChanges(ch: Channel) {
    this.unindexChanges(ch);
    const keys: [schema: string, table: string | null][] = ch.pgBindings.map((b) => [b.schema, b.table]);
    this.indexed.set(ch, keys);
    for (const [schema, table] of keys) {
      const k = tableKey(schema, table);
      let entry = this.tables.get(k);
      if (!entry) {
        entry = new Map();
        this.tables.set(k, entry);
      }
      entry.set(ch, (entry.get(ch) ?? 0) + 1);
      if (table === null) this.wildcardSchemas.set(schema, (this.wildcardSchemas.get(schema) ?? 0) + 1);
    }
  }

  unindexChanges(ch: Channel) {
    const keys = this.indexed.get(ch);
    if (!keys) return;
    this.indexed.delete(ch);
    for (const [schema, table] of keys) {
      const k = tableKey(schema, table);
      const entry = this.tables.get(k);
      if (entry) {
        const n = (entry.get(ch) ?? 1) - 1;
        if (n <= 0) entry.delete(ch);
        else entry.set(ch, n);
        if (entry.size === 0) this.tables.delete(k);
      }
      if (table === null) {
        const n = (this.wildcardSchemas.get(schema) ?? 1) - 1;
        if (n <= 0) this.wildcardSchemas.delete(schema);
        else this.wildcardSchemas.set(schema, n);
      }
    }
  }

  /** Whether any channel listens to changes of this table (checked before reading a change). */
  wants(schema: string, table: string): boolean {
    return (
      this.tables.has(tableKey(schema, table)) ||
      this.wildcardSchemas.has(schema) ||
      this.wildcardSchemas.has('*')
    );
  }

  /** Channels with a binding that may match a change of this table. */
  changeCandidates(schema: string, table: string): Channel[] {
    const out = new Set<Channel>();
    for (const k of [tableKey(schema, table), tableKey(schema, null), tableKey('*', null)]) {
      for (const ch of this.tables.get(k)?.keys() ?? []) out.add(ch);
    }
    return [...out];
  }
}
