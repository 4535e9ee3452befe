import { describe, expect, it } from 'vitest';
import { parseDotenv } from './env.ts';

describe('parseDotenv', () => {
  it('reads the forms a supabase/functions/.env file uses', () => {
    const text = [
      '# provider settings',
      'PLAIN=value',
      'export EXPORTED=yes',
      'SPACED = around equals ',
      'DOUBLE="line one\\nline two"',
      "SINGLE='kept \\n as is'",
      'TRAILING=value # comment',
      'HASH_IN_QUOTES="a # b"',
      'EMPTY=',
      'not a pair',
      '',
    ].join('\r\n');
    expect(parseDotenv(text)).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      SPACED: 'around equals',
      DOUBLE: 'line one\nline two',
      SINGLE: 'kept \\n as is',
      TRAILING: 'value',
      HASH_IN_QUOTES: 'a # b',
      EMPTY: '',
    });
  });
});
