import { describe, expect, it } from 'vitest';
import { contentRange, jsonToCsv, rangeStatus } from './respond.ts';
import { fromPgError, statusForSqlState } from './errors.ts';
import { arrayLiteral } from './sql/fragments.ts';

describe('Content-Range and status (PostgREST rules)', () => {
  it('formats ranges and totals', () => {
    expect(contentRange(0, 9, 57)).toBe('0-9/57');
    expect(contentRange(0, 24, null)).toBe('0-24/*');
    expect(contentRange(0, -1, 0)).toBe('*/0');
    expect(contentRange(5, 4, 5)).toBe('*/5');
    expect(contentRange(1, 0, null)).toBe('*/*');
  });

  it('answers 206 for a partial page and 416 past the end', () => {
    expect(rangeStatus(0, 9, null)).toBe(200);
    expect(rangeStatus(0, 9, 10)).toBe(200);
    expect(rangeStatus(0, 9, 57)).toBe(206);
    expect(rangeStatus(0, -1, 0)).toBe(200);
    expect(rangeStatus(5, 4, 5)).toBe(206);
    expect(rangeStatus(6, 5, 5)).toBe(416);
  });
});

describe('SQLSTATE → HTTP', () => {
  it('maps like PostgREST', () => {
    expect(statusForSqlState('42501', 'x', false)).toBe(401);
    expect(statusForSqlState('42501', 'x', true)).toBe(403);
    expect(statusForSqlState('23505', 'x', true)).toBe(409);
    expect(statusForSqlState('23503', 'x', true)).toBe(409);
    expect(statusForSqlState('23502', 'x', true)).toBe(400);
    expect(statusForSqlState('22P02', 'x', true)).toBe(400);
    expect(statusForSqlState('P0001', 'x', true)).toBe(400);
    expect(statusForSqlState('PT402', 'x', true)).toBe(402);
    expect(statusForSqlState('PTabc', 'x', true)).toBe(500);
    expect(statusForSqlState('21000', 'DELETE requires a WHERE clause', true)).toBe(400);
    expect(statusForSqlState('21000', 'more than one row returned', true)).toBe(500);
    expect(statusForSqlState('25006', 'x', true)).toBe(405);
    expect(statusForSqlState('42P01', 'x', true)).toBe(404);
    expect(statusForSqlState('57014', 'x', true)).toBe(500);
    expect(statusForSqlState('08006', 'x', true)).toBe(503);
  });

  it('keeps only the error fields, never the statement', () => {
    const e = fromPgError(
      {
        code: 'P0001',
        message: 'Nope',
        detail: 'd',
        hint: 'h',
        query: 'select secret',
        params: ['x'],
      } as any,
      true,
    );
    expect(e.status).toBe(400);
    expect(JSON.stringify(e.body())).toBe('{"code":"P0001","message":"Nope","details":"d","hint":"h"}');
  });

  it('lets RAISE SQLSTATE PGRST set code, message, status and headers', () => {
    const e = fromPgError(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"Payment required","hint":"pay"}',
        detail: '{"status":402,"headers":{"X-Powered-By":"Nerd Rage"}}',
      },
      false,
    );
    expect(e.status).toBe(402);
    expect(e.body()).toEqual({ code: '123', message: 'Payment required', details: null, hint: 'pay' });
    expect(e.headers['X-Powered-By']).toBe('Nerd Rage');
    expect(fromPgError({ code: 'PGRST', message: 'not json', detail: '{}' }, false).code).toBe('PGRST121');
  });
});

describe('helpers', () => {
  it('quotes array literal items', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', ''])).toBe('{"a","b,c","d\\"e","f\\\\g",""}');
  });

  it('renders CSV with a header row and quoting', () => {
    expect(jsonToCsv('[{"a":1,"b":"x,y"},{"a":null,"b":"say \\"hi\\""}]')).toBe(
      'a,b\n1,"x,y"\n,"say ""hi"""',
    );
    expect(jsonToCsv('[]')).toBe('');
  });
});
