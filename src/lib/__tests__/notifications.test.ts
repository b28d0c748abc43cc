import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textOf } from '../i18n/shown-text';
import { clearNotifications, dismissNotification, notify, useNotifications } from '../notifications';

afterEach(() => {
  clearNotifications();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('appends normal notifications and defaults to a warning', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify({ message: 'one' });
      notify({ type: 'info', message: 'two' });
    });
    expect(result.current.map((item) => [item.type, item.message])).toEqual([
      ['warning', 'one'],
      ['info', 'two'],
    ]);
  });

  it('lets a unique notification replace the list, and null clear it', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify({ message: 'one' });
      notify({ message: 'two' });
      notify({ message: 'only', isUnique: true });
    });
    expect(result.current.map((item) => item.message)).toEqual(['only']);
    act(() => {
      notify(null);
    });
    expect(result.current).toEqual([]);
  });

  it('dismisses on timeout and by id', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotifications());
    let id: number | null = null;
    act(() => {
      notify({ message: 'timed', dismissOnTimeout: 5000 });
      id = notify({ message: 'kept' });
    });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(result.current).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.map((item) => item.message)).toEqual(['kept']);
    act(() => dismissNotification(id ?? -1));
    expect(result.current).toEqual([]);
  });
});

describe('error toasts', () => {
  it('clear earlier notifications, cannot be dismissed and close after 5 seconds', async () => {
    const { errorToast } = await import('../api/error-catalogue');
    const { errorTexts } = await import('../messages/errors');
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify({ type: 'info', message: 'earlier' });
      notify(errorToast(errorTexts.updatePhone));
    });
    expect(result.current).toEqual([expect.objectContaining({ type: 'error', isDismissable: false })]);
    expect(result.current.map((item) => textOf(item.message ?? ''))).toEqual(['Unable to update phone']);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current).toEqual([]);
  });
});
