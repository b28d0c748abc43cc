import { useSyncExternalStore } from 'react';

/**
 * False until the browser has reported the page's first contentful paint, then true (at once for
 * components that mount later). The partner's logos and icon wait for it: they come from the
 * partner's host, a new connection (DNS, TCP, TLS) on a phone, and the sign-in form should not
 * wait behind them or share its first frame's work with them. Their room in the header is kept,
 * so nothing moves when they arrive. A browser without paint timing shows them at once. The
 * prerendered page (src/prerender.tsx) is drawn, and hydrated, before it.
 */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, hasPainted, notYet);
}

const notYet = () => false;

function subscribe(onPaint: () => void): () => void {
  if (hasPainted()) return () => undefined;
  // `buffered` delivers a paint reported before the observer was made.
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    painted = true;
    onPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

/** Set once an observer has heard of the paint, which then holds whatever `performance` says later. */
let painted = false;

function hasPainted(): boolean {
  if (painted || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return true;
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}
