import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from '../first-interaction';

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('onFirstInteraction', () => {
  it.each([
    ['a key press', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }))],
    ['a pointer press', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a value put into a field (a password manager)', () => document.body.dispatchEvent(new Event('input', { bubbles: true }))],
  ])('calls back once, on %s, and not on what follows', (_name, press) => {
    const callback = vi.fn();
    stops.push(onFirstInteraction(callback));
    expect(callback).not.toHaveBeenCalled();
    press();
    press();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never calls back once stopped', () => {
    const callback = vi.fn();
    onFirstInteraction(callback)();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).not.toHaveBeenCalled();
  });
});
