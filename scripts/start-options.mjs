// The options of `npm start` (after `--`), parsed apart from starting anything so they can be tested.

/**
 * `--idle-seconds N`: the idle period before the timeout warning, for seeing the warning in
 * development without waiting 29.5 minutes. Returns the value for PORTAL_IDLE_SECONDS, or null.
 */
export function idleSecondsFrom(args) {
  const at = args.findIndex((arg) => arg === '--idle-seconds' || arg.startsWith('--idle-seconds='));
  if (at < 0) return null;
  const raw = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  if (!/^[1-9]\d{0,5}$/.test(raw ?? '')) throw new Error(`--idle-seconds needs a whole number of seconds, got "${raw ?? ''}"`);
  return raw;
}
