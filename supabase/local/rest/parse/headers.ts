// Request headers that shape a PostgREST request: Prefer, Accept and Range.
import { errors } from '../errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  /** the preferences understood, for Preference-Applied */
  applied: string[];
}

type EnumPreference = 'return' | 'count' | 'resolution' | 'missing' | 'handling';

/** The values each enumerated preference takes (the types above, as lists). */
const ENUMS: { [K in EnumPreference]: readonly NonNullable<Preferences[K]>[] } = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
};

const isEnumPreference = (key: string): key is EnumPreference => Object.hasOwn(ENUMS, key);

/** Sets an enumerated preference when the value is one it takes. */
function applyEnum<K extends EnumPreference>(p: Preferences, key: K, value: string): boolean {
  const known = ENUMS[key].find((v) => v === value);
  if (known === undefined) return false;
  p[key] = known;
  return true;
}

/** `Prefer` arrives as one comma-joined header (the client joins repeated ones with ", "). */
export function parsePrefer(header: string | undefined): Preferences {
  const p: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    handling: null,
    maxAffected: null,
    applied: [],
  };
  if (!header) return p;
  const invalid: string[] = [];
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const key = (eq === -1 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = eq === -1 ? '' : item.slice(eq + 1).trim();
    if (isEnumPreference(key) && applyEnum(p, key, value)) {
      p.applied.push(`${key}=${value}`);
    } else if (key === 'max-affected' && /^\d+$/.test(value)) {
      p.maxAffected = Number(value);
      p.applied.push(`${key}=${value}`);
    } else if (key === 'timezone' || key === 'params') {
      // accepted and ignored: timestamps are returned as the database renders them
    } else if (key === 'tx' && (value === 'commit' || value === 'rollback')) {
      // accepted and ignored, as by hosted PostgREST (db-tx-end = commit): every request
      // commits; a client cannot turn a write into a dry run
    } else {
      invalid.push(item);
    }
  }
  if (p.handling === 'strict' && invalid.length) throw errors.invalidPreferences(invalid);
  return p;
}

export type MediaKind = 'json' | 'object' | 'csv';

export interface Negotiated {
  kind: MediaKind;
  stripNulls: boolean;
  contentType: string;
}

const JSON_CT = 'application/json; charset=utf-8';
const OBJECT_CT = 'application/vnd.pgrst.object+json; charset=utf-8';

/** Picks the response representation from Accept, the first acceptable type in q order. */
export function negotiate(accept: string | undefined): Negotiated {
  if (!accept || accept.trim() === '') return { kind: 'json', stripNulls: false, contentType: JSON_CT };
  const offered = accept
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.split(';').map((s) => s.trim());
      const paramMap = new Map(
        params.map((kv) => {
          const e = kv.indexOf('=');
          return [
            kv.slice(0, e).trim().toLowerCase(),
            kv
              .slice(e + 1)
              .trim()
              .toLowerCase(),
          ] as const;
        }),
      );
      const q = Number(paramMap.get('q') ?? '1');
      return { type: type.toLowerCase(), params: paramMap, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((m) => m.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const m of offered) {
    const strip = m.params.get('nulls') === 'stripped';
    switch (m.type) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return { kind: 'json', stripNulls: false, contentType: JSON_CT };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return {
          kind: 'json',
          stripNulls: strip,
          contentType: strip ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8' : JSON_CT,
        };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          kind: 'object',
          stripNulls: strip,
          contentType: strip ? 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8' : OBJECT_CT,
        };
      case 'text/csv':
        return { kind: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    }
  }
  throw errors.mediaType(accept.split(',').map((s) => s.trim()));
}

export interface HeaderRange {
  offset: number;
  /** inclusive upper bound; null = open */
  upper: number | null;
}

/** `Range: 0-9` (items). Unreadable ranges are ignored, as PostgREST does. */
export function parseRange(header: string | undefined): HeaderRange | null {
  if (!header) return null;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return null;
  const offset = Number(m[1]);
  const upper = m[2] === '' ? null : Number(m[2]);
  if (upper !== null && upper < offset) throw errors.rangeLowerGtUpper();
  return { offset, upper };
}
