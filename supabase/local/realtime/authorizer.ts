// Row-level security for postgres_changes: may this subscriber SELECT the changed row?
// As hosted Realtime (realtime.apply_rls) does: for each subscriber, take the role and the
// claims of its latest token, and select the row by primary key in that context.
//
// All subscribers of one change are checked in ONE statement: a function generated per
// table loops over (role, claims) pairs, switching role and request.jwt.claims with
// transaction-local set_config, and runs a static EXISTS query whose plan plpgsql keeps
// (replanned only when the role changes; pairs come sorted by role). The statement is its
// own transaction, so nothing of the switched context outlives it. On PGlite, with its
// single connection, that keeps the time other work waits short.
import type { Database } from '../db/database.ts';
import { quoteIdent, type TableInfo } from './catalog.ts';
import type { DbRole } from './tokens.ts';

export interface Subject {
  role: DbRole;
  claimsJson: string;
}

const CHUNK = 400;

function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function checkerSql(t: TableInfo, fn: string): string {
  const tbl = `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
  const match = t.pk.map((c) => `t.${quoteIdent(c)} = r.${quoteIdent(c)}`).join(' and ');
  const probe = `case when exists (select 1 from ${tbl} t where ${match}) then 't' else 'f' end`;
  return `create or replace function ${fn}(rec jsonb, roles text[], claims text[], safe boolean)
returns text language plpgsql as $fn$
declare
  r ${tbl};
  answer text := '';
  current_role_name text;
  i int;
begin
  r := jsonb_populate_record(null::${tbl}, rec);
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    if current_role_name is distinct from roles[i] then
      perform set_config('role', roles[i], true);
      current_role_name := roles[i];
    end if;
    perform set_config('request.jwt.claims', claims[i], true);
    if safe then
      begin
        answer := answer || ${probe};
      exception when others then
        answer := answer || 'e';
      end;
    else
      answer := answer || ${probe};
    end if;
  end loop;
  return answer;
end $fn$`;
}

async function ensureChecker(db: Database, t: TableInfo): Promise<string> {
  if (!t.checker) {
    const fn = `_realtime.rls_${t.relid}`;
    t.checker = (async () => {
      const sql = checkerSql(t, fn);
      try {
        await db.query(sql);
      } catch {
        // another stack on the same database may be replacing it at the same moment
        await new Promise((r) => setTimeout(r, 20));
        await db.query(sql);
      }
      return fn;
    })();
    t.checker.catch(() => {
      t.checker = undefined;
    });
  }
  return t.checker;
}

/**
 * For each subject, whether the row (the captured record, located by its primary key) is
 * visible to it. A policy that fails counts as not visible, as a failed SELECT would.
 */
export async function visibleTo(
  db: Database,
  t: TableInfo,
  recordJson: string,
  subjects: Subject[],
  log: (m: string) => void,
): Promise<boolean[]> {
  const out = new Array<boolean>(subjects.length).fill(false);
  if (subjects.length === 0) return out;
  const fn = await ensureChecker(db, t);
  const order = subjects
    .map((_, i) => i)
    .sort((a, b) => (subjects[a].role < subjects[b].role ? -1 : subjects[a].role > subjects[b].role ? 1 : 0));
  for (let start = 0; start < order.length; start += CHUNK) {
    const idx = order.slice(start, start + CHUNK);
    const params = [
      recordJson,
      pgTextArray(idx.map((i) => subjects[i].role)),
      pgTextArray(idx.map((i) => subjects[i].claimsJson)),
    ];
    let answer: string;
    try {
      answer = (
        await db.query<{ v: string }>(`select ${fn}($1::jsonb, $2::text[], $3::text[], false) as v`, params)
      ).rows[0].v;
    } catch {
      try {
        answer = (
          await db.query<{ v: string }>(`select ${fn}($1::jsonb, $2::text[], $3::text[], true) as v`, params)
        ).rows[0].v;
      } catch (err) {
        log(
          `row security check on ${t.schema}.${t.name} failed: ${err instanceof Error ? err.message : err}`,
        );
        continue;
      }
    }
    for (const [k, i] of idx.entries()) out[i] = answer[k] === 't';
  }
  return out;
}
