import { describe, expect, it } from 'vitest';
import { activeNavKey, NAV_ITEMS } from '../nav-items.ts';

describe('side navigation', () => {
  it('lists the items in the spec order', () => {
    expect(NAV_ITEMS.map((i) => i.key)).toEqual([
      'home',
      'projects',
      'create',
      'tools',
      'history',
      'pricing',
      'settings',
    ]);
  });

  it('marks the item of the first path segment', () => {
    expect(activeNavKey('/home')).toBe('home');
    expect(activeNavKey('/projects/3f2a')).toBe('projects');
    expect(activeNavKey('/tools/photo-combiner')).toBe('tools');
    expect(activeNavKey('/settings')).toBe('settings');
  });

  it('keeps sub-areas under their section', () => {
    expect(activeNavKey('/fixes')).toBe('projects');
    expect(activeNavKey('/onmodel/pose')).toBe('create');
    expect(activeNavKey('/video/select-project')).toBe('create');
  });

  it('marks nothing for unknown paths', () => {
    expect(activeNavKey('/nowhere')).toBeNull();
    expect(activeNavKey('/')).toBeNull();
  });
});
