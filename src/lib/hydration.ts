import { useSyncExternalStore } from 'react';

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
