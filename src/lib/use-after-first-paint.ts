import { useEffect, useState } from 'react';

/**
 * False until the page's first frame has been painted, then true (at once for components that
 * mount later). The partner's logos and icon wait for it: they come from the partner's host, a
 * new connection (DNS, TCP, TLS) on a phone, and the sign-in form should not wait behind them
 * or share its first frame's work with them. Their room in the header is kept, so nothing moves
 * when they arrive.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(firstPaint.done);
  useEffect(() => {
    if (painted) return;
    let timer: number | undefined;
    // A frame callback runs just before the browser paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        firstPaint.done = true;
        setPainted(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/** Whether the first frame has been painted: once it has, it stays so for the page's life. */
const firstPaint = { done: false };
