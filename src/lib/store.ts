import { useSyncExternalStore } from 'react';

/**
 * The one way a module keeps state that outlives a screen (the session state, the notification
 * list, the journey in progress): a value, its listeners, and a React hook over them.
 */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get,
    subscribe,
    /** Replaces the value and tells every subscriber; an identical value tells nobody. */
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    /**
     * The current value, re-rendering the component when it changes. A page hydrated over its
     * prerendered HTML (src/prerender.tsx) is first drawn with the initial value, as the HTML
     * was, then with the current one.
     */
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
