import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from '../use-single-flight';

describe('useSingleFlight', () => {
  it('runs one task at a time and drops the repeats that arrive while it runs', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let finish: () => void = () => undefined;
    let calls = 0;
    const task = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(task);
      void result.current.run(task);
      void result.current.run(task);
    });
    expect(calls).toBe(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run(async () => void (calls += 1)));
    expect(calls).toBe(2);
  });

  it('is ready again after a task fails', async () => {
    const { result } = renderHook(() => useSingleFlight());
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    });
    expect(result.current.busy).toBe(false);
    let ran = false;
    await act(() => result.current.run(async () => void (ran = true)));
    expect(ran).toBe(true);
  });
});
