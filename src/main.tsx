/*
 * The page's entry, which starts the app (src/start.tsx) once the browser has painted the page.
 * The page holds the sign-in screen prerendered (src/prerender.tsx) with its styles, so the form
 * paints before the app's code is even asked for: until then, on a phone's slow network, the page
 * and the brand's answer have the bandwidth to themselves. The import below then fetches the app's
 * entry and everything it imports side by side (`modulePreload` in vite.config.ts), not one
 * import after another.
 */
import type { EarlyPress } from './start';

/**
 * The prerendered screen's buttons do nothing until the app has taken the page over (and Enter in
 * its form sends nothing: src/components/layout/form-footer.tsx). Someone quicker than the
 * network presses one anyway: index.html's script marks the last button pressed, or the form Enter
 * was pressed in, from the page's first moments. Taken once, as the app starts: the press to do
 * again once the app has the page, if any; the page marks none after.
 */
function takeEarlyPress(): EarlyPress | undefined {
  document.documentElement.dataset.app = 'started';
  const marked = document.querySelector('[data-early-press]');
  marked?.removeAttribute('data-early-press');
  if (marked instanceof HTMLButtonElement) return () => marked.click();
  if (marked instanceof HTMLFormElement) return () => marked.requestSubmit();
  return undefined;
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  // The app's code is evaluated as the import arrives, and the app starts in the task after.
  void import('./start').then(({ startPortal }) => startPortal(takeEarlyPress));
}
// Once the prerendered screen has painted: its first contentful paint, which the browser reports
// once the frame is shown (a frame's `requestAnimationFrame` and a task queued from it may both run
// before that). Elsewhere (nothing prerendered shows, or no such report), after the next frame:
// `requestAnimationFrame` runs just before it is painted, a task queued then runs after it. A page
// opened in a background tab paints nothing until shown, where timers still run.
const shown = document.getElementById('root')?.hasAttribute('data-prerendered') && document.documentElement.dataset.route !== 'elsewhere';
if (shown && PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
setTimeout(start, 1_000);
