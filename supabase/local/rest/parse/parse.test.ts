import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.ts';
import { parseLogicTree } from './filter.ts';
import { negotiate, parsePrefer, parseRange } from './headers.ts';
import { parseOrder } from './order.ts';
import { applyFilters, parseQuery, splitKey } from './query.ts';
import { parseSelect } from './select.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return `${err.status} ${err.code}`;
    throw err;
  }
  return 'ok';
};

describe('select', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,title:name,price::text,data->a->>b,n:arr->0')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, alias: null, cast: null },
      { kind: 'column', field: { name: 'name', path: [] }, alias: 'title', cast: null },
      { kind: 'column', field: { name: 'price', path: [] }, alias: null, cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
        alias: null,
        cast: null,
      },
      {
        kind: 'column',
        field: { name: 'arr', path: [{ arrow: '->', key: '0', index: true }] },
        alias: 'n',
        cast: null,
      },
    ]);
  });

  it('reads embeds with hints, !inner, aliases, spreads and nesting', () => {
    expect(parseSelect('*,owner:users!owner_id!inner(name,teams(*)),...meta(x),tags()')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'users',
        alias: 'owner',
        hint: 'owner_id',
        join: 'inner',
        spread: false,
        children: [
          { kind: 'column', field: { name: 'name', path: [] }, alias: null, cast: null },
          {
            kind: 'embed',
            name: 'teams',
            alias: null,
            hint: null,
            join: 'left',
            spread: false,
            children: [{ kind: 'star' }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'meta',
        alias: null,
        hint: null,
        join: 'left',
        spread: true,
        children: [{ kind: 'column', field: { name: 'x', path: [] }, alias: null, cast: null }],
      },
      { kind: 'embed', name: 'tags', alias: null, hint: null, join: 'left', spread: false, children: [] },
    ]);
  });

  it('ignores whitespace outside quotes and keeps quoted names', () => {
    expect(parseSelect(' id , "my col" ')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, alias: null, cast: null },
      { kind: 'column', field: { name: 'my col', path: [] }, alias: null, cast: null },
    ]);
  });

  it('refuses malformed input with PGRST100 and aggregates with PGRST123', () => {
    for (const bad of ['id,(x)', 'id;drop', 'a(b', 'a)', 'id::', 'x:', 'a!(b)', 'id::text;x', 'a->']) {
      expect(
        code(() => parseSelect(bad)),
        bad,
      ).toBe('400 PGRST100');
    }
    expect(code(() => parseSelect('count()'))).toBe('400 PGRST123');
    expect(code(() => parseSelect('price.sum()'))).toBe('400 PGRST123');
  });

  it('refuses embeds nested too deeply', () => {
    expect(code(() => parseSelect(`${'a('.repeat(30)}id${')'.repeat(30)}`))).toBe('400 PGRST100');
  });
});

describe('filters', () => {
  const filters = (qs: string) => {
    const q = parseQuery(qs);
    applyFilters(q, q.rest);
    return q.levels.get('')?.filters ?? [];
  };

  it('reads operators, negation, quantifiers and full-text configs', () => {
    const [a, b, c, d, e] = filters(
      'a=eq.x.y&b=not.like.*z*&c=like(any).{a*,"b,c"}&d=fts(english).cat&e=is.NULL',
    );
    expect(a).toMatchObject({ filter: { op: 'eq', negate: false, value: 'x.y' } });
    expect(b).toMatchObject({ filter: { op: 'like', negate: true, value: '*z*' } });
    expect(c).toMatchObject({ filter: { op: 'like', quantifier: 'any', list: ['a*', 'b,c'] } });
    expect(d).toMatchObject({ filter: { op: 'fts', language: 'english', value: 'cat' } });
    expect(e).toMatchObject({ filter: { op: 'is', value: 'null' } });
  });

  it('reads in-lists with quotes and escapes', () => {
    const [f] = filters(`id=in.(1,"a,b","say \\"hi\\"",)`);
    expect(f).toMatchObject({ filter: { op: 'in', list: ['1', 'a,b', 'say "hi"', ''] } });
    const [empty] = filters('id=in.()');
    expect(empty).toMatchObject({ filter: { list: [] } });
  });

  it('keeps + as a space and %2B as a plus', () => {
    const [f] = filters('at=gte.2024-01-01T00:00:00%2B00:00&name=eq.a+b');
    expect(f).toMatchObject({ filter: { value: '2024-01-01T00:00:00+00:00' } });
    expect(filters('name=eq.a+b')[0]).toMatchObject({ filter: { value: 'a b' } });
  });

  it('routes dotted keys to embedded levels', () => {
    const q = parseQuery(
      'images.status=eq.ready&images.order=id.desc&images.limit=2&a.b.c=is.null&images.or=(x.eq.1)',
    );
    applyFilters(q, q.rest);
    expect(q.levels.get('images')).toMatchObject({
      limit: 2,
      order: [{ field: { name: 'id' }, direction: 'desc' }],
    });
    expect(q.levels.get('images')!.filters).toHaveLength(2);
    expect(q.levels.get('a.b')!.filters).toHaveLength(1);
    expect(splitKey('rel.data->>k')).toEqual({
      path: ['rel'],
      field: { name: 'data', path: [{ arrow: '->>', key: 'k', index: false }] },
    });
  });

  it('refuses unknown operators, bad is-values and bad lists', () => {
    expect(code(() => filters('a=eqq.1'))).toBe('400 PGRST100');
    expect(code(() => filters('a=1'))).toBe('400 PGRST100');
    expect(code(() => filters('a=is.maybe'))).toBe('400 PGRST100');
    expect(code(() => filters('a=in.1,2'))).toBe('400 PGRST100');
    expect(code(() => filters('a=in.("x)'))).toBe('400 PGRST100');
    expect(code(() => filters('a=cs(any).{1}'))).toBe('400 PGRST100');
    expect(code(() => filters('a;b=eq.1'))).toBe('400 PGRST100');
  });
});

describe('logic trees', () => {
  it('nests and/or/not and unquotes values', () => {
    const t = parseLogicTree('or', false, '(a.eq.1,not.and(b.gt.2,c.in.(3,4)),d.eq."x,y")');
    expect(t).toMatchObject({
      kind: 'group',
      op: 'or',
      negate: false,
      children: [
        { kind: 'filter', filter: { field: { name: 'a' }, op: 'eq', value: '1' } },
        {
          kind: 'group',
          op: 'and',
          negate: true,
          children: [{ filter: { op: 'gt' } }, { filter: { op: 'in', list: ['3', '4'] } }],
        },
        { kind: 'filter', filter: { value: 'x,y' } },
      ],
    });
  });

  it('refuses unbalanced, empty or too deep trees', () => {
    expect(code(() => parseLogicTree('or', false, '(a.eq.1'))).toBe('400 PGRST100');
    expect(code(() => parseLogicTree('or', false, '()'))).toBe('400 PGRST100');
    expect(code(() => parseLogicTree('or', false, '(a.eq.1,)'))).toBe('400 PGRST100');
    expect(code(() => parseLogicTree('or', false, '(a)'))).toBe('400 PGRST100');
    const deep = `(${'and('.repeat(20)}a.eq.1${')'.repeat(20)})`;
    expect(code(() => parseLogicTree('or', false, deep))).toBe('400 PGRST100');
  });
});

describe('order, limit, offset', () => {
  it('reads directions and null placement', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>d.asc')).toEqual([
      { field: { name: 'a', path: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', path: [] }, direction: null, nulls: null },
      {
        field: { name: 'c', path: [{ arrow: '->>', key: 'd', index: false }] },
        direction: 'asc',
        nulls: null,
      },
    ]);
    expect(code(() => parseOrder('a.up'))).toBe('400 PGRST100');
    expect(code(() => parseOrder('a;b'))).toBe('400 PGRST100');
  });

  it('clamps huge limits and refuses negative ones', () => {
    expect(parseQuery('limit=99999999999999999999').levels.get('')!.limit).toBe(2 ** 31 - 1);
    expect(code(() => parseQuery('limit=-1'))).toBe('400 PGRST100');
    expect(code(() => parseQuery('offset=x'))).toBe('400 PGRST100');
  });
});

describe('headers', () => {
  it('splits Prefer on commas and refuses unknown ones only when strict', () => {
    const p = parsePrefer('resolution=merge-duplicates, count=exact,return=representation, missing=default');
    expect(p).toMatchObject({
      resolution: 'merge-duplicates',
      count: 'exact',
      return: 'representation',
      missing: 'default',
    });
    expect(parsePrefer('bogus=1').return).toBeNull();
    expect(code(() => parsePrefer('handling=strict, bogus=1'))).toBe('400 PGRST122');
  });

  it('takes names of Object.prototype members in Prefer for unknown preferences', () => {
    expect(parsePrefer('constructor, __proto__=x, return=minimal')).toMatchObject({
      return: 'minimal',
      applied: ['return=minimal'],
    });
    expect(code(() => parsePrefer('handling=strict, constructor'))).toBe('400 PGRST122');
  });

  it('negotiates JSON, singular objects, stripped nulls and CSV', () => {
    expect(negotiate(undefined).kind).toBe('json');
    expect(negotiate('*/*').kind).toBe('json');
    expect(negotiate('application/vnd.pgrst.object+json')).toMatchObject({
      kind: 'object',
      stripNulls: false,
    });
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({
      kind: 'object',
      stripNulls: true,
    });
    expect(negotiate('text/csv').kind).toBe('csv');
    expect(negotiate('text/html;q=0.9, application/json;q=0.1').kind).toBe('json');
    expect(code(() => negotiate('application/xml'))).toBe('406 PGRST107');
  });

  it('reads Range', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, upper: 9 });
    expect(parseRange('items=5-')).toEqual({ offset: 5, upper: null });
    expect(parseRange('nonsense')).toBeNull();
    expect(code(() => parseRange('9-1'))).toBe('416 PGRST103');
  });
});
