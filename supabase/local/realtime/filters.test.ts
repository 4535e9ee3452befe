import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter, rowMatches } from './filters.ts';

const types: Record<string, string> = {
  qty: 'int4',
  price: 'numeric',
  title: 'text',
  id: 'uuid',
  done: 'bool',
  at: 'timestamptz',
  note: 'text',
};
const typeOf = (c: string) => types[c];
const row = {
  qty: 5,
  price: 19.9,
  title: 'Linen, shirt',
  id: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
  done: true,
  at: '2026-01-02T10:00:00+00:00',
  note: null,
};
const matches = (f: string, r: Record<string, unknown> = row) => rowMatches(parseFilter(f), r, typeOf);

describe('postgres_changes filters', () => {
  it('compares numbers as numbers', () => {
    expect(matches('qty=eq.5')).toBe(true);
    expect(matches('qty=eq.05')).toBe(true);
    expect(matches('qty=neq.5')).toBe(false);
    expect(matches('qty=lt.10')).toBe(true); // not as text ('5' > '10')
    expect(matches('qty=lte.5')).toBe(true);
    expect(matches('qty=gt.4')).toBe(true);
    expect(matches('qty=gte.6')).toBe(false);
    expect(matches('price=gt.19.5')).toBe(true);
  });

  it('compares uuids without regard to case, booleans and timestamps by value', () => {
    expect(matches('id=eq.a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11')).toBe(true);
    expect(matches('done=eq.true')).toBe(true);
    expect(matches('done=eq.f')).toBe(false);
    expect(matches('at=gt.2026-01-02T09:00:00Z')).toBe(true);
    expect(matches('at=eq.2026-01-02 11:00:00+01')).toBe(true);
  });

  it('reads in-lists with PostgREST quoting', () => {
    expect(matches('title=in.(hat,"Linen, shirt")')).toBe(true);
    expect(matches('title=in.(hat,coat)')).toBe(false);
    expect(matches('qty=in.(1,5,9)')).toBe(true);
    expect(() => parseFilter(`qty=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`)).toThrow(
      FilterError,
    );
  });

  it('ANDs comma-joined conditions and negates with not.', () => {
    expect(matches('qty=gt.1,qty=lt.9')).toBe(true);
    expect(matches('qty=gt.1,qty=lt.5')).toBe(false);
    expect(matches('title=not.in.(hat,coat)')).toBe(true);
    expect(matches('qty=not.eq.5')).toBe(false);
  });

  it('never matches NULL with a comparison, as SQL does', () => {
    expect(matches('note=eq.x')).toBe(false);
    expect(matches('note=neq.x')).toBe(false);
    expect(matches('note=not.eq.x')).toBe(false);
    expect(matches('note=is.null')).toBe(true);
    expect(matches('note=not.is.null')).toBe(false);
    expect(matches('note=isdistinct.x')).toBe(true);
    expect(matches('qty=isdistinct.5')).toBe(false);
  });

  it('supports like, ilike, match and imatch', () => {
    expect(matches('title=like.Linen%')).toBe(true);
    expect(matches('title=like.linen%')).toBe(false);
    expect(matches('title=ilike.linen*')).toBe(true);
    expect(matches('title=like.L_nen%')).toBe(true);
    expect(matches('title=match.^Lin')).toBe(true);
    expect(matches('title=imatch.SHIRT$')).toBe(true);
  });

  it('ignores conditions on columns a DELETE does not carry', () => {
    const old = { id: row.id };
    expect(rowMatches(parseFilter('qty=eq.1'), old, typeOf, true)).toBe(true);
    expect(rowMatches(parseFilter('id=eq.00000000-0000-0000-0000-000000000000'), old, typeOf, true)).toBe(
      false,
    );
    expect(rowMatches(parseFilter('qty=eq.1'), old, typeOf, false)).toBe(false);
  });

  it('rejects malformed filters', () => {
    for (const f of ['qty', 'qty=5', 'qty=between.1', 'qty=in.1,2', 'done=is.maybe', 'title=match.(']) {
      expect(() => parseFilter(f), f).toThrow(FilterError);
    }
  });
});
