// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { idleSecondsFrom } from '../start-options.mjs';

describe('npm start -- --idle-seconds', () => {
  it('reads the idle period in either form', () => {
    expect(idleSecondsFrom(['--idle-seconds', '20'])).toBe('20');
    expect(idleSecondsFrom(['--verbose', '--idle-seconds=45'])).toBe('45');
  });

  it('leaves the default alone without it', () => {
    expect(idleSecondsFrom([])).toBeNull();
    expect(idleSecondsFrom(['--verbose'])).toBeNull();
  });

  it('refuses anything but a whole number of seconds', () => {
    for (const bad of [['--idle-seconds'], ['--idle-seconds', '0'], ['--idle-seconds=ten'], ['--idle-seconds', '-5']]) {
      expect(() => idleSecondsFrom(bad), bad.join(' ')).toThrow(/whole number/);
    }
  });
});
