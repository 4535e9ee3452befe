// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_DELAY_MS, useHoverMenu } from '../hooks/use-hover-menu.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const mouse = { pointerType: 'mouse' } as const;
const touch = { pointerType: 'touch' } as const;

describe('useHoverMenu (credits dropdown)', () => {
  it('opens on hover and closes 300 ms after the pointer leaves', () => {
    const { result } = renderHook(() => useHoverMenu());
    expect(HOVER_CLOSE_DELAY_MS).toBe(300);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    expect(result.current.open).toBe(true);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
  });

  it('stays open when the pointer comes back within the delay (trigger to panel)', () => {
    const { result } = renderHook(() => useHoverMenu());
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
  });

  it('a click on a panel the mouse just opened keeps it open; the next click closes it', () => {
    const { result } = renderHook(() => useHoverMenu());
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
  });

  it('hover and click in one go (before a re-render) still leave it open', () => {
    const { result } = renderHook(() => useHoverMenu());
    const { hoverProps, toggle } = result.current;
    act(() => {
      hoverProps.onPointerEnter(mouse);
      toggle();
    });
    expect(result.current.open).toBe(true);
  });

  it('a tap opens it and the next tap closes it: touch does not hover', () => {
    const { result } = renderHook(() => useHoverMenu());
    act(() => result.current.hoverProps.onPointerEnter(touch));
    expect(result.current.open).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => result.current.hoverProps.onPointerLeave(touch));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
  });

  it('toggles by click without a pending close getting in the way', () => {
    const { result } = renderHook(() => useHoverMenu());
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
    act(() => result.current.setOpen(false));
    expect(result.current.open).toBe(false);
  });
});
