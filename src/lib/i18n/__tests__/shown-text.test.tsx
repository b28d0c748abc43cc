import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorTexts } from '../../messages/errors';
import { activateLocale, useLocale } from '../locale';
import { textOf, useShownText, type ShownText } from '../shown-text';

afterEach(async () => {
  await activateLocale('en');
});

let show: (text: ShownText | (() => string | null) | null) => void = () => undefined;

/** A screen that shows a message, re-rendering when the language changes (as PortalRoutes makes every screen do). */
function Screen() {
  useLocale();
  const [message, setMessage] = useShownText();
  show = setMessage;
  return <p role="status">{message ?? 'nothing'}</p>;
}

describe('a message a screen shows', () => {
  it("in the catalogue's words, speaks the language switched to while it is shown", async () => {
    render(<Screen />);
    act(() => show(() => errorTexts.rateLimitedFor({ count: 5, unit: 'minute' })));
    expect(screen.getByRole('status').textContent).toBe('Too many attempts. Try again in 5 minutes.');
    await act(() => activateLocale('es'));
    expect(screen.getByRole('status').textContent).toBe('Demasiados intentos. Inténtelo de nuevo en 5 minutos.');
  });

  it("in the gateway's words, stays as given; null, or a function that gives null, shows nothing", async () => {
    render(<Screen />);
    act(() => show('Your account is locked.'));
    await act(() => activateLocale('es'));
    expect(screen.getByRole('status').textContent).toBe('Your account is locked.');
    act(() => show(() => null));
    expect(screen.getByRole('status').textContent).toBe('nothing');
    act(() => show('again'));
    act(() => show(null));
    expect(screen.getByRole('status').textContent).toBe('nothing');
  });

  it('reads a function each time, a string as it is', () => {
    let calls = 0;
    expect(textOf(() => `read ${++calls}`)).toBe('read 1');
    expect(textOf('as given')).toBe('as given');
  });
});
