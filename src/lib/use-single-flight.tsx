import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';

/**
 * One request per user intent: `run` starts the task unless one is already running (a double
 * click or repeated Enter arrives before React re-renders the busy button, so the check is a
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
  // One object while nothing changes: a screen shares it through SharedSubmission.
  return useMemo(() => ({ run, busy }), [run, busy]);
}

export type SingleFlight = ReturnType<typeof useSingleFlight>;

/**
 * A flight the forms of one screen share when each is another way to the same end (the one-time
 * code and the recovery code): while one sends, the others' submits are ignored and show busy.
 */
export const SharedSubmission = createContext<SingleFlight | null>(null);

/** A form's submission: the screen's shared flight (SharedSubmission) when there is one, else the form's own. */
export function useSubmission(): SingleFlight {
  const own = useSingleFlight();
  return useContext(SharedSubmission) ?? own;
}

/**
 * The calls of a sequence that went through, for a screen whose next try repeats only what
 * failed (a one-time code is good once): `once(name, call)` runs the call unless it already went
 * through on this screen.
 */
export function useOnce() {
  const done = useRef(new Set<string>());
  return useCallback(async (name: string, call: () => Promise<unknown>): Promise<void> => {
    if (done.current.has(name)) return;
    await call();
    done.current.add(name);
  }, []);
}
