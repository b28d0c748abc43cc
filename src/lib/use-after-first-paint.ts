import { useEffect, useState } from 'react';

/**
 * False until the browser has reported the page's first contentful paint, then true (at once for
 * components that mount later). The partner's logos and icon wait for it: they come from the
 * partner's host, a new connection (DNS, TCP, TLS) on a phone, and the sign-in form should not
 * wait behind them or share its first frame's work with them. Their room in the header is kept,
 * so nothing moves when they arrive. A browser without paint timing shows them at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(hasPainted);
  useEffect(() => {
    if (painted) return;
    // `buffered` delivers a paint reported before the observer was made.
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      setPainted(true);
    });
    observer.observe({ type: 'paint', buffered: true });
    return () => observer.disconnect();
  }, [painted]);
  return painted;
}

function hasPainted(): boolean {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return true;
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}
