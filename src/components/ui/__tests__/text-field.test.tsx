import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../text-field';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Whatever a case left pressed is released.
  act(() => {
    window.dispatchEvent(new Event('blur'));
    vi.runAllTimers();
  });
  vi.useRealTimers();
});

const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel') => act(() => void document.dispatchEvent(new Event(type)));

describe('TextField, left while a pointer is pressed', () => {
  it('runs its blur handler at once when the field is left without a press (the keyboard)', () => {
    const onBlur = vi.fn();
    render(<TextField label="Username" onBlur={onBlur} />);
    fireEvent.blur(screen.getByRole('textbox', { name: 'Username' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('runs it once the press is over and its click has happened, with the blur event', () => {
    const onBlur = vi.fn();
    render(<TextField label="Username" onBlur={onBlur} />);
    press('pointerdown');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Username' }));
    expect(onBlur).not.toHaveBeenCalled();
    press('pointerup');
    // The click of this press is dispatched in the same task as its release: the handler comes after it.
    expect(onBlur).not.toHaveBeenCalled();
    act(() => void vi.runAllTimers());
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(onBlur.mock.calls[0]?.[0]).toMatchObject({ type: 'blur' });
  });

  it('shows the message its blur handler sets only after the press, then announced', () => {
    function Checked() {
      const [error, setError] = useState<string>();
      return <TextField label="Username" error={error} onBlur={() => setError('Username is required')} />;
    }
    render(<Checked />);
    press('pointerdown');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Username' }));
    expect(screen.queryByRole('alert')).toBeNull();
    press('pointerup');
    act(() => void vi.runAllTimers());
    expect(screen.getByRole('alert')).toHaveTextContent('Username is required');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('Username is required');
  });

  it.each([
    ['a cancelled press', () => press('pointercancel')],
    ['the window losing the focus mid-press', () => act(() => void window.dispatchEvent(new Event('blur')))],
  ])('%s ends the wait too', (_name, end) => {
    const onBlur = vi.fn();
    render(<TextField label="Username" onBlur={onBlur} />);
    press('pointerdown');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Username' }));
    end();
    act(() => void vi.runAllTimers());
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
