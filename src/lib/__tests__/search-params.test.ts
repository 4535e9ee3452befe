import { describe, expect, it } from 'vitest';
import { optionalOneOf, optionalString } from '../search-params.ts';

describe('search parameters', () => {
  it('keeps a string and drops anything else', () => {
    expect(optionalString('/projects?page=2')).toBe('/projects?page=2');
    expect(optionalString(undefined)).toBeUndefined();
    expect(optionalString(42)).toBeUndefined();
    expect(optionalString({ to: '/home' })).toBeUndefined();
  });

  it('keeps an allowed value, falls back for an unknown one, stays undefined when missing', () => {
    const tabs = ['account', 'billing'] as const;
    expect(optionalOneOf('billing', tabs, 'account')).toBe('billing');
    expect(optionalOneOf('danger', tabs, 'account')).toBe('account');
    expect(optionalOneOf(7, tabs, 'account')).toBe('account');
    expect(optionalOneOf(undefined, tabs, 'account')).toBeUndefined();
  });
});
