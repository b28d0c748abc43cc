import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button';

describe('Button', () => {
  it.each([
    ['busy', { busy: true }, 'true'],
    ['unavailable', { unavailable: true }, null],
  ] as const)('when %s keeps the focus, says it is unavailable and ignores presses, a submit included', (_, state, busy) => {
    const press = vi.fn();
    const submit = vi.fn((event: Event) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button type="submit" onClick={press}>
          Send
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    button.focus();
    rerender(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button type="submit" onClick={press} {...state}>
          Send
        </Button>
      </form>,
    );
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('disabled');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.getAttribute('aria-busy')).toBe(busy);
    fireEvent.click(button);
    expect(press).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
  });
});
