import { useSyncExternalStore } from 'react';

/** A value outside React that screens can subscribe to. */
export interface Store<T> {
  get(): T;
  /** Replaces the value and tells every subscriber; an identical value tells nobody. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** The current value, re-rendering the component when it changes. */
  use(): T;
}

/**
 * The one way a module keeps state that outlives a screen (the session state, the notification
 * list, the journey in progress): a value, its listeners, and a React hook over them.
 */
export function createStore<T>(initial: T): Store<T> {
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
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}
