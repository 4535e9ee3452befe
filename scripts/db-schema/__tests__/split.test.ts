import { describe, expect, it } from 'vitest';
import { definitionKey } from '../build.ts';
import { splitSql } from '../split.ts';
import { writtenPrivileges } from '../snapshot.ts';

describe('splitSql', () => {
  it('ends statements only at semicolons outside quotes, bodies and comments', () => {
    const sql = `-- about f
create function f() returns text language sql as $body$ select 'a;b' $body$;

-- not this one

/* block ; */ select "x;y" from t where a = 'it''s; fine'; -- trailing ;
do $$ begin perform 1; end $$`;
    const st = splitSql(sql);
    expect(st.map((s) => s.body)).toEqual([
      "create function f() returns text language sql as $body$ select 'a;b' $body$",
      `select "x;y" from t where a = 'it''s; fine'`,
      'do $$ begin perform 1; end $$',
    ]);
    expect(st[0].text.startsWith('-- about f\n')).toBe(true);
    expect(st[0].line).toBe(2);
    expect(st[1].line).toBe(6);
  });
});

describe('definitionKey', () => {
  it('names what a CREATE statement defines, by identity', () => {
    expect(
      definitionKey(`create or replace function private.f(p_a uuid, out x integer, p_b text default 'a,b', variadic p_c int[])
        returns record language sql as $$ select 1 $$`),
    ).toBe('function private.f(uuid,text,int[])');
    expect(definitionKey('create function g(timestamp with time zone) returns int')).toBe(
      'function public.g(timestamp with time zone)',
    );
    expect(definitionKey('create policy "own rows" on public.t for select using (true)')).toBe(
      'policy "own rows" on public.t',
    );
    expect(definitionKey('create trigger tg after insert on t for each row execute function f()')).toBe(
      'trigger tg on public.t',
    );
    expect(definitionKey('create unique index if not exists i on public.t (a)')).toBe('index i on public.t');
    expect(definitionKey('create table if not exists private.w (a int)')).toBe('table private.w');
    expect(definitionKey('insert into t values (1)')).toBeNull();
  });
});

describe('writtenPrivileges', () => {
  it('never names MAINTAIN (PostgreSQL 17 only): every table privilege is "all", the rest as granted', () => {
    const every = ['delete', 'insert', 'maintain', 'references', 'select', 'trigger', 'truncate', 'update'];
    expect(writtenPrivileges('table', every)).toEqual(['all']);
    expect(
      writtenPrivileges(
        'table',
        every.filter((p) => p !== 'maintain'),
      ),
    ).toEqual(['all']);
    expect(writtenPrivileges('table', ['maintain', 'select'])).toEqual(['select']);
    expect(writtenPrivileges('table', ['maintain'])).toEqual([]);
    expect(writtenPrivileges('function', ['execute'])).toEqual(['execute']);
  });
});
