import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, MAX_TOASTS } from '../toast/toast-store.ts';

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
