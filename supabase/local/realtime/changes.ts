// Turns one captured change into postgres_changes messages (wire contract §4.5, §4.6):
// picks the channels whose bindings match (table, event, filter), asks the database once
// which of their subscribers may SELECT the row, and sends each of those channels
// {ids, data} with the columns its role may read.
import type { Database } from '../db/database.ts';
import { visibleTo, type Subject } from './authorizer.ts';
import type { CapturedChange } from './capture.ts';
import { identityColumns, type Catalog, type TableInfo } from './catalog.ts';
import type { Channel, PgBinding } from './channel.ts';
import { rowMatches } from './filters.ts';
import type { Registry } from './registry.ts';
import type { DbRole } from './tokens.ts';

type Row = Record<string, unknown>;

/** Above this a record's long values are dropped and the event says so (hosted: 1 MiB). */
const MAX_RECORD_BYTES = 1024 * 1024;

interface Delivery {
  channel: Channel;
  /** matching bindings, grouped by their `select` (one message per group) */
  groups: Map<string, PgBinding[]>;
}

export interface ChangeDeps {
  db: Database;
  catalog: Catalog;
  registry: Registry;
  log: (message: string) => void;
}

function pick(row: Row | null, names: string[]): Row {
  const out: Row = {};
  if (!row) return out;
  for (const n of names) if (n in row) out[n] = row[n];
  return out;
}

function trimLarge(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (JSON.stringify(v).length <= 64) out[k] = v;
  return out;
}

export function createChangeDelivery({ db, catalog, registry, log }: ChangeDeps) {
  /**
   * Works out who gets the change (the database part) and returns the send step, so that
   * several changes can be prepared at once and still be sent in order.
   */
  return async function prepare(change: CapturedChange): Promise<(() => void) | null> {
    const candidates = registry.changeCandidates(change.schema, change.table);
    if (candidates.length === 0) return null;
    const table = await catalog.table(change.schema, change.table);
    if (!table) return null;

    const record = change.record ? (JSON.parse(change.record) as Row) : null;
    const oldFull = change.oldRecord ? (JSON.parse(change.oldRecord) as Row) : null;
    // What logical replication would carry as the old row, and for DELETE on a table with
    // row security only the primary key (deletes cannot be checked against policies).
    const identity = identityColumns(table).map((c) => c.name);
    const oldNames =
      change.type === 'DELETE' && table.rls ? identity.filter((n) => table.byName.get(n)?.pk) : identity;
    const oldRow = change.type === 'INSERT' ? null : pick(oldFull, oldNames);
    const typeOf = (c: string) => table.byName.get(c)?.type;

    const deliveries: Delivery[] = [];
    for (const channel of candidates) {
      if (channel.closed) continue;
      let groups: Map<string, PgBinding[]> | null = null;
      for (const b of channel.pgBindings) {
        if (b.schema !== '*' && b.schema !== change.schema) continue;
        if (b.table !== null && b.table !== change.table) continue;
        if (b.event !== '*' && b.event !== change.type) continue;
        const ok =
          change.type === 'DELETE'
            ? rowMatches(b.conditions, oldRow, typeOf, true)
            : rowMatches(b.conditions, record, typeOf);
        if (!ok) continue;
        const gk = b.select ? JSON.stringify(b.select) : '';
        groups ??= new Map();
        const g = groups.get(gk);
        if (g) g.push(b);
        else groups.set(gk, [b]);
      }
      if (groups) deliveries.push({ channel, groups });
    }
    if (deliveries.length === 0) return null;

    // Which deliveries need the row-security check, one subject per distinct (role, claims).
    const needsCheck = new Array<boolean>(deliveries.length).fill(false);
    const subjects: Subject[] = [];
    const subjectIndex = new Map<string, number>();
    const subjectOf = new Array<number>(deliveries.length).fill(-1);
    if (change.type !== 'DELETE' && table.rls && table.pk.length > 0) {
      const bypass = new Map<DbRole, boolean>();
      for (const d of deliveries) {
        const role = d.channel.auth.role;
        if (!bypass.has(role)) bypass.set(role, await catalog.bypassesRls(role));
      }
      for (let i = 0; i < deliveries.length; i++) {
        const { role, claimsJson } = deliveries[i].channel.auth;
        if (bypass.get(role)) continue;
        if (!pkReadable(table, role)) continue;
        needsCheck[i] = true;
        const k = `${role}\u0000${claimsJson}`;
        let s = subjectIndex.get(k);
        if (s === undefined) {
          s = subjects.push({ role, claimsJson }) - 1;
          subjectIndex.set(k, s);
        }
        subjectOf[i] = s;
      }
    }
    const visible = subjects.length ? await visibleTo(db, table, change.record!, subjects, log) : [];

    return () => {
      const dataCache = new Map<string, string>();
      for (let i = 0; i < deliveries.length; i++) {
        if (needsCheck[i] && !visible[subjectOf[i]]) continue;
        const { channel, groups } = deliveries[i];
        if (channel.closed) continue;
        for (const [selectKey, bindings] of groups) {
          const role = channel.auth.role;
          const dk = `${role}\u0000${selectKey}`;
          let data = dataCache.get(dk);
          if (data === undefined) {
            data = buildData(table, change, role, bindings[0].select, record, oldRow);
            dataCache.set(dk, data);
          }
          const ids = [...new Set(bindings.map((b) => b.id))];
          channel.pushRaw('postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${data}}`);
        }
      }
    };
  };
}

function pkReadable(t: TableInfo, role: DbRole): boolean {
  return t.pk.every((n) => t.byName.get(n)?.select[role]);
}

/** The `data` object of a postgres_changes event, as JSON, for subscribers of one role. */
function buildData(
  t: TableInfo,
  change: CapturedChange,
  role: DbRole,
  select: string[] | null,
  record: Row | null,
  oldRow: Row | null,
): string {
  const head = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
  };
  if (change.type !== 'DELETE') {
    if (t.pk.length === 0)
      return JSON.stringify({ ...head, errors: ['Error 400: Bad Request, no primary key'] });
    if (!pkReadable(t, role)) return JSON.stringify({ ...head, errors: ['Error 401: Unauthorized'] });
  }
  const cols = t.columns.filter(
    (c) => c.select[role] && (!select || select.includes(c.name) || (select.length === 0 && c.pk)),
  );
  const names = cols.map((c) => c.name);
  const data: Record<string, unknown> = {
    ...head,
    columns: cols.map((c) => ({ name: c.name, type: c.type })),
  };
  let errors: string[] | null = null;
  if (change.type !== 'DELETE') {
    let rec = pick(record, names);
    if (change.record!.length > MAX_RECORD_BYTES) {
      rec = trimLarge(rec);
      errors = ['Error 413: Payload Too Large'];
    }
    data.record = rec;
  }
  if (change.type !== 'INSERT') {
    let old = pick(oldRow, names);
    if ((change.oldRecord?.length ?? 0) > MAX_RECORD_BYTES) {
      old = trimLarge(old);
      errors = ['Error 413: Payload Too Large'];
    }
    data.old_record = old;
  }
  data.errors = errors;
  return JSON.stringify(data);
}
