// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_DELAY_MS, useHoverMenu } from '../hooks/use-hover-menu.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useHoverMenu (credits dropdown)', () => {
  it('opens on hover and closes 300 ms after the pointer leaves', () => {
    const { result } = renderHook(() => useHoverMenu());
    expect(HOVER_CLOSE_DELAY_MS).toBe(300);
    act(() => result.current.hoverProps.onMouseEnter());
    expect(result.current.open).toBe(true);
    act(() => result.current.hoverProps.onMouseLeave());
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
  });

  it('stays open when the pointer comes back within the delay (trigger to panel)', () => {
    const { result } = renderHook(() => useHoverMenu());
    act(() => result.current.hoverProps.onMouseEnter());
    act(() => result.current.hoverProps.onMouseLeave());
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.hoverProps.onMouseEnter());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
  });

  it('toggles by click without a pending close getting in the way', () => {
    const { result } = renderHook(() => useHoverMenu());
    act(() => result.current.hoverProps.onMouseLeave());
    act(() => result.current.setOpen(true));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
    act(() => result.current.setOpen(false));
    expect(result.current.open).toBe(false);
  });
});
