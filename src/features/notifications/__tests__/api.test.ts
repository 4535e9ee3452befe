import { describe, expect, it } from 'vitest';
import { mergeNotification, toNotification, unreadCount, type AppNotification } from '../api.ts';

const build = (o: Partial<AppNotification>): AppNotification => ({
  id: 'n1',
  type: 'project_completed',
  title: 'Project completed',
  message: 'Your images are ready',
  read: false,
  project_id: null,
  data: {},
  created_at: '2026-01-01T10:00:00Z',
  ...o,
});

describe('mergeNotification', () => {
  it('puts a new row first and keeps at most 10', () => {
    const list = Array.from({ length: 10 }, (_, i) =>
      build({ id: `n${i}`, created_at: `2026-01-01T0${i}:00:00Z` }),
    ).reverse();
    const merged = mergeNotification(list, build({ id: 'new', created_at: '2026-01-02T00:00:00Z' }));
    expect(merged).toHaveLength(10);
    expect(merged[0].id).toBe('new');
    expect(merged.some((n) => n.id === 'n0')).toBe(false);
  });

  it('replaces an updated row in place', () => {
    const merged = mergeNotification([build({ id: 'a' })], build({ id: 'a', read: true }));
    expect(merged).toEqual([build({ id: 'a', read: true })]);
  });
});

describe('unreadCount', () => {
  it('counts unread rows', () => {
    expect(unreadCount([build({ id: 'a' }), build({ id: 'b', read: true }), build({ id: 'c' })])).toBe(2);
    expect(unreadCount(undefined)).toBe(0);
  });
});

describe('toNotification', () => {
  const row = { ...build({}), data: {} };

  it('keeps the values a text is made from', () => {
    expect(
      toNotification({ ...row, data: { projectName: 'Linen', credits: 2.5, plan: 'pro' } }).data,
    ).toEqual({ projectName: 'Linen', credits: 2.5, plan: 'pro' });
    expect(toNotification({ ...row, data: { credits: '3' } }).data).toEqual({ credits: '3' });
  });

  it('drops data it cannot use (any JSON may be stored)', () => {
    expect(toNotification({ ...row, data: null }).data).toEqual({});
    expect(toNotification({ ...row, data: [1, 2] }).data).toEqual({});
    expect(toNotification({ ...row, data: { projectName: 7, credits: true, other: 'x' } }).data).toEqual({});
  });
});
