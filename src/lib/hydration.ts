import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

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

const OnHydrated = createContext<(() => void) | undefined>(undefined);

/** What {@link HydrationDone} calls (src/app/portal.tsx gives it). */
export const OnHydratedProvider = OnHydrated.Provider;

/**
 * Nothing on the page; its effect says the screen is in. It goes last in the innermost part of
 * the page that is taken over on its own (the route's, src/components/layout/app-frame.tsx), so
 * it runs once the screen is hydrated and drawn again with what only the browser knows (its first
 * drawing is the prerendered one, like every other component's, and its second comes in the same
 * commit as theirs).
 */
export function HydrationDone() {
  const onHydrated = useContext(OnHydrated);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onHydrated?.();
  }, [hydrated, onHydrated]);
  return null;
}
