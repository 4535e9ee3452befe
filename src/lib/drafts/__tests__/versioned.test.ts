// Reading a stored record by version: this version as it is, an older one upgraded a step per
// version, a newer one, one without a step or one the schema refuses not at all.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { versionedReader } from '../versioned.ts';

const read = versionedReader({
  version: 3,
  schema: z.object({ version: z.literal(3), name: z.string(), tags: z.array(z.string()), size: z.number() }),
  upgrades: {
    1: (r) => ({ ...r, tags: [] }),
    2: (r) => ({ ...r, size: typeof r.size === 'number' ? r.size : 0 }),
  },
});

describe('versionedReader', () => {
  it('reads this version, and upgrades older ones step by step', () => {
    expect(read({ version: 3, name: 'a', tags: ['x'], size: 2 })).toEqual({
      version: 3,
      name: 'a',
      tags: ['x'],
      size: 2,
    });
    expect(read({ version: 2, name: 'b', tags: ['y'] })).toEqual({
      version: 3,
      name: 'b',
      tags: ['y'],
      size: 0,
    });
    expect(read({ version: 1, name: 'c' })).toEqual({ version: 3, name: 'c', tags: [], size: 0 });
  });

  it('refuses a newer version, an unknown older one, a damaged record and no record', () => {
    expect(read({ version: 4, name: 'a', tags: [], size: 1 })).toBeNull();
    expect(read({ version: 0, name: 'a' })).toBeNull();
    expect(read({ version: 3, name: 7, tags: [], size: 1 })).toBeNull();
    expect(read({ name: 'a' })).toBeNull();
    expect(read(null)).toBeNull();
    expect(read('draft')).toBeNull();
  });
});
