import { describe, expect, it } from 'vitest';
import type { AppSupabaseClient } from '../../../lib/supabase.ts';
import { fixQueueQueryOptions, pictureQueryOptions, sellersQueryOptions } from '../api.ts';
import { isOperator } from '../role.ts';

const client = {} as AppSupabaseClient;

describe('operator console data', () => {
  it('keeps other sellers’ data and signed URLs out of the offline cache', () => {
    for (const options of [
      fixQueueQueryOptions(client),
      sellersQueryOptions(client, 'maria'),
      pictureQueryOptions(client, 'generated', 'a/b/c.png'),
    ]) {
      expect(options.meta).toEqual({ persist: false });
    }
  });

  it('searches only from 2 characters', () => {
    expect(sellersQueryOptions(client, 'm').enabled).toBe(false);
    expect(sellersQueryOptions(client, 'ma').enabled).toBe(true);
  });

  it('an operator is app_metadata.role operator, nothing else', () => {
    expect(isOperator({ app_metadata: { role: 'operator' } })).toBe(true);
    expect(isOperator({ app_metadata: {} })).toBe(false);
    expect(isOperator({ app_metadata: { role: 'Operator' } })).toBe(false);
    expect(isOperator(null)).toBe(false);
  });
});
