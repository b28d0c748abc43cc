import { useEffect, useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value the browser knows and the build does not (a browser feature, for one), read once per
 * render: the page hydrated over its prerendered HTML (src/prerender.tsx) is first drawn with
 * `prerendered`, as the HTML was, then with the browser's; a page drawn in the browser from the
 * start reads the browser's at once. `read` must return the same value each time it is called.
 */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(unchanging, read, () => prerendered);
}

const yes = () => true;

/** False while the page is the prerendered HTML, before its script has taken it over; then true. */
export function useHydrated(): boolean {
  return useBrowserValue(yes, false);
}

/** Resolved once the screen is in the page; replaced by a pending one while a takeover is under way. */
let screenIn: Promise<void> = Promise.resolve();
let markScreenIn: () => void = () => undefined;

/**
 * src/start.tsx, as it starts to take a prerendered page over: until the screen is in
 * ({@link HydrationDone}), {@link whenScreenIn} waits.
 */
export function takeoverStarts(): void {
  screenIn = new Promise((resolve) => (markScreenIn = resolve));
}

/**
 * Resolves once the screen is in the page: at once, unless a prerendered page is being taken over
 * (then once its screen, or the message of a screen that failed, is). What changes every screen's
 * texts (the language) waits for it: texts changed before would not match the prerendered page,
 * and React would draw the screen again, emptied of what was typed. So does a press made on the
 * prerendered page before the app ran (src/start.tsx), on the app's own buttons.
 */
export function whenScreenIn(): Promise<void> {
  return screenIn;
}

/**
 * Nothing on the page; its effect says the screen is in ({@link whenScreenIn}). It goes last in
 * the innermost part of the page that is taken over on its own (the route's,
 * src/components/layout/app-frame.tsx), and in the message that replaces a screen that failed
 * (route-error-boundary.tsx), so it runs once the screen is hydrated and drawn again with what
 * only the browser knows (its first drawing is the prerendered one, like every other component's,
 * and its second comes in the same commit as theirs).
 */
export function HydrationDone() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) markScreenIn();
  }, [hydrated]);
  return null;
}
