import { useCallback, useRef, useState } from 'react';

/**
 * One request per user intent: `run` starts the task unless one is already running (a double
 * click or repeated Enter arrives before React re-renders the disabled button, so the check is a
 * ref, not state); `busy` is true while it runs, for the button's busy state.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
