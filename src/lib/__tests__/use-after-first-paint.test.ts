import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AfterFirstPaint from '../use-after-first-paint';

// The module remembers a paint it has heard of: each test starts with a page not yet painted.
let useAfterFirstPaint: typeof AfterFirstPaint.useAfterFirstPaint;
beforeEach(async () => {
  vi.resetModules();
  ({ useAfterFirstPaint } = await import('../use-after-first-paint'));
});

/** A stand-in for the browser's paint timing: `paint()` reports the first contentful paint. */
function stubPaintTiming() {
  const observers = new Set<{ callback: () => void; disconnected: boolean }>();
  const entries: { name: string }[] = [];
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint'];
    private readonly record: { callback: () => void; disconnected: boolean };
    constructor(callback: () => void) {
      this.record = { callback, disconnected: false };
    }
    observe(options: { type: string; buffered?: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observers.add(this.record);
    }
    disconnect() {
      this.record.disconnected = true;
      observers.delete(this.record);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => entries.filter((entry) => entry.name === name) as PerformanceEntryList,
  );
  return {
    observers,
    paint() {
      entries.push({ name: 'first-contentful-paint' });
      for (const observer of [...observers]) observer.callback();
    },
  };
}

describe('useAfterFirstPaint', () => {
  it('is false until the first contentful paint is reported, then true, and true at once for later components', () => {
    const timing = stubPaintTiming();
    const first = renderHook(() => useAfterFirstPaint());
    expect(first.result.current).toBe(false);
    act(() => timing.paint());
    expect(first.result.current).toBe(true);
    expect(timing.observers.size).toBe(0);
    expect(renderHook(() => useAfterFirstPaint()).result.current).toBe(true);
  });

  it('stays true once the paint was heard of, whatever `performance` answers later (a faked clock has no entries)', () => {
    const timing = stubPaintTiming();
    const first = renderHook(() => useAfterFirstPaint());
    act(() => timing.paint());
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([]);
    expect(renderHook(() => useAfterFirstPaint()).result.current).toBe(true);
    first.rerender();
    expect(first.result.current).toBe(true);
  });

  it('stops listening when its component goes before the paint', () => {
    const timing = stubPaintTiming();
    const hook = renderHook(() => useAfterFirstPaint());
    expect(timing.observers.size).toBe(1);
    hook.unmount();
    expect(timing.observers.size).toBe(0);
  });

  it('is true at once in a browser without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(renderHook(() => useAfterFirstPaint()).result.current).toBe(true);
  });
});
