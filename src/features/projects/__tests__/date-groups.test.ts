import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDaysBetween, dateGroupOf, groupByDate } from '../date-groups.ts';

// Local times in Athens (a daylight-saving zone): the groups follow the seller's calendar, not
// 24-hour windows.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Athens';
});
afterAll(() => {
  process.env.TZ = zone;
});

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
let now: Date;
beforeAll(() => {
  now = at(2026, 11, 22, 9, 30);
});

describe('date groups', () => {
  it('puts each project under Today, Yesterday, Last 7 days, Last 30 days or Older', () => {
    expect(dateGroupOf(at(2026, 11, 22, 0, 1), now)).toBe('today');
    expect(dateGroupOf(at(2026, 11, 21, 23, 59), now)).toBe('yesterday'); // 10 minutes before midnight
    expect(dateGroupOf(at(2026, 11, 21, 0, 0), now)).toBe('yesterday');
    expect(dateGroupOf(at(2026, 11, 20), now)).toBe('last7');
    expect(dateGroupOf(at(2026, 11, 16), now)).toBe('last7'); // 6 days ago
    expect(dateGroupOf(at(2026, 11, 15), now)).toBe('last30'); // 7 days ago
    expect(dateGroupOf(at(2026, 10, 24), now)).toBe('last30'); // 29 days ago
    expect(dateGroupOf(at(2026, 10, 23), now)).toBe('older'); // 30 days ago
    expect(dateGroupOf(at(2025, 1, 1), now)).toBe('older');
  });

  it('counts calendar days across a daylight-saving change', () => {
    // Athens moves its clocks on the last Sunday of March (29 March 2026): that day is 23 hours
    expect(at(2026, 3, 30, 0, 0).getTime() - at(2026, 3, 29, 0, 0).getTime()).toBe(23 * 3600_000);
    expect(calendarDaysBetween(at(2026, 3, 28, 23, 30), at(2026, 3, 29, 0, 30))).toBe(1);
    expect(calendarDaysBetween(at(2026, 3, 1), at(2026, 3, 31))).toBe(30);
  });

  it('treats a creation time a little ahead of the device clock as today', () => {
    expect(dateGroupOf(new Date(now.getTime() + 90_000), now)).toBe('today');
  });

  it('groups in the fixed order, skipping empty groups and keeping the given order inside', () => {
    const items = [
      { id: 'a', created_at: at(2026, 11, 22, 9).toISOString() },
      { id: 'b', created_at: at(2026, 11, 22, 8).toISOString() },
      { id: 'c', created_at: at(2026, 11, 10).toISOString() },
      { id: 'd', created_at: at(2024, 5, 1).toISOString() },
    ];
    expect(groupByDate(items, now).map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ['today', ['a', 'b']],
      ['last30', ['c']],
      ['older', ['d']],
    ]);
    expect(groupByDate([], now)).toEqual([]);
  });
});
