import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('useAfterFirstPaint', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  it('is false until the frame after the first render has been painted, then true for every later component', async () => {
    const { useAfterFirstPaint } = await import('../use-after-first-paint');
    const first = renderHook(() => useAfterFirstPaint());
    expect(first.result.current).toBe(false);
    // The frame callback alone is before the paint: still false.
    act(() => vi.advanceTimersToNextFrame());
    expect(first.result.current).toBe(false);
    act(() => vi.runOnlyPendingTimers());
    expect(first.result.current).toBe(true);
    expect(renderHook(() => useAfterFirstPaint()).result.current).toBe(true);
  });

  it('leaves nothing scheduled when its component goes before the paint', async () => {
    const { useAfterFirstPaint } = await import('../use-after-first-paint');
    const { unmount } = renderHook(() => useAfterFirstPaint());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
