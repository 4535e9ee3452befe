import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, groupToasts, MAX_TOASTS, MAX_VISIBLE_TOASTS } from '../toast/toast-store.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('keeps at most 20 toasts, dropping the oldest', () => {
    const store = createToastStore();
    for (let i = 0; i < 25; i++) store.show({ title: `t${i}`, duration: null });
    expect(MAX_TOASTS).toBe(20);
    expect(store.getSnapshot()).toHaveLength(20);
    expect(store.getSnapshot()[0].title).toBe('t5');
  });

  it('closes results after 5 s and keeps loading toasts until replaced', () => {
    const store = createToastStore();
    store.show({ id: 'p1', tone: 'loading', title: 'Generating' });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Generating']);
    store.show({ id: 'p1', tone: 'success', title: 'Ready', duration: 5000 });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Ready']);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('tells subscribers about changes', () => {
    const store = createToastStore();
    const seen = vi.fn();
    store.subscribe(seen);
    const id = store.show({ title: 'Saved', duration: 3000 });
    store.dismiss(id);
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe('grouped toasts', () => {
  const batch = (store: ReturnType<typeof createToastStore>, n: number) => {
    for (let i = 1; i <= n; i++)
      store.show({
        id: `project-${i}`,
        tone: 'loading',
        title: `Generating "Photo ${i}"`,
        group: 'project-processing',
        inBell: true,
      });
  };

  it('shows a 5-photo batch as one toast, the newest, with 4 more', () => {
    const store = createToastStore();
    batch(store, 5);
    const shown = groupToasts(store.getSnapshot());
    expect(shown).toHaveLength(1);
    expect(shown[0].toast.title).toBe('Generating "Photo 5"');
    expect(shown[0].more).toBe(4);
    expect(shown[0].ids).toEqual(['project-1', 'project-2', 'project-3', 'project-4', 'project-5']);
  });

  it('keeps one toast per kind, in the order of their newest; ungrouped toasts stand alone', () => {
    const store = createToastStore();
    batch(store, 3);
    store.show({
      id: 'project-1',
      tone: 'success',
      title: 'Project "Photo 1" is ready',
      group: 'project-completed',
    });
    store.show({ title: 'Profile saved', tone: 'success' });
    store.show({
      id: 'project-2',
      tone: 'success',
      title: 'Project "Photo 2" is ready',
      group: 'project-completed',
    });
    const shown = groupToasts(store.getSnapshot());
    expect(shown.map((g) => [g.toast.title, g.more])).toEqual([
      ['Generating "Photo 3"', 0],
      ['Profile saved', 0],
      ['Project "Photo 2" is ready', 1],
    ]);
  });

  it(`shows at most ${MAX_VISIBLE_TOASTS} at once, the newest`, () => {
    const store = createToastStore();
    for (let i = 0; i < 5; i++) store.show({ title: `t${i}` });
    expect(groupToasts(store.getSnapshot()).map((g) => g.toast.title)).toEqual(['t2', 't3', 't4']);
  });

  it('dismissing a group dismisses every toast it stands for, and their timers', () => {
    const store = createToastStore();
    batch(store, 3);
    store.show({ id: 'done', title: 'Ready', duration: 1000 });
    const [processing] = groupToasts(store.getSnapshot());
    store.dismissWhere((t) => processing.ids.includes(t.id));
    expect(store.getSnapshot().map((t) => t.id)).toEqual(['done']);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('opening the bell clears the toasts whose news it holds, and only those', () => {
    const store = createToastStore();
    batch(store, 2);
    store.show({ title: 'Profile saved', tone: 'success' });
    store.dismissInBell();
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Profile saved']);
  });
});
