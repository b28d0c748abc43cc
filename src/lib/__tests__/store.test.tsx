import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../store';

describe('createStore', () => {
  it('tells subscribers about a new value, and nobody about the same value', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(1);
    expect(listener).not.toHaveBeenCalled();
    store.set(2);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(2);
    unsubscribe();
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('re-renders a component that uses it', () => {
    const store = createStore<string | null>(null);
    const { result } = renderHook(() => store.use());
    expect(result.current).toBeNull();
    act(() => store.set('ready'));
    expect(result.current).toBe('ready');
  });
});
