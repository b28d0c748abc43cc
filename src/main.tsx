/*
 * The page's entry, which does two things: it starts the app (src/start.tsx) once the browser has
 * painted the page, and it remembers a press on the page made before then. The page holds the
 * sign-in screen prerendered (src/prerender.tsx) with its styles, so the form paints before the
 * app's code is even asked for: until then, on a phone's slow network, the page and the brand's
 * answer have the bandwidth to themselves. The import below then fetches the app's entry and
 * everything it imports side by side (`modulePreload` in vite.config.ts), not one import after
 * another.
 */
import type { EarlyPress } from './start';

// The prerendered screen's buttons do nothing until the app has taken the page over (and Enter in
// its form sends nothing: src/components/layout/form-footer.tsx). Someone quicker than the
// network presses one anyway: the last such press is done again once the app has the page.
let earlyPress: EarlyPress | undefined;
const root = document.getElementById('root');
const onClick = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) earlyPress = () => button.click();
};
const onKeyDown = (event: KeyboardEvent) => {
  const form = event.key === 'Enter' && event.target instanceof HTMLInputElement ? event.target.form : null;
  if (form) earlyPress = () => form.requestSubmit();
};
if (root?.hasAttribute('data-prerendered')) {
  root.addEventListener('click', onClick, true);
  root.addEventListener('keydown', onKeyDown, true);
}
/** The press made before the app took the page over, if any; none is remembered after. */
function takeEarlyPress(): EarlyPress | undefined {
  root?.removeEventListener('click', onClick, true);
  root?.removeEventListener('keydown', onKeyDown, true);
  const press = earlyPress;
  earlyPress = undefined;
  return press;
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  // The app's code is evaluated as the import arrives, and the app starts in the task after, so
  // that a key press can come in between (neither task alone holds the page long). A message
  // rather than a timer, as React's scheduler yields: the start does not wait on timers, which a
  // page's clock can hold (a test's, or a throttled background tab's).
  void import('./start').then(({ startPortal }) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => startPortal(takeEarlyPress);
    channel.port2.postMessage(null);
  });
}
// Once the prerendered screen has painted: its first contentful paint, which the browser reports
// once the frame is shown (a frame's `requestAnimationFrame` and a task queued from it may both run
// before that). Elsewhere (nothing prerendered shows, or no such report), after the next frame:
// `requestAnimationFrame` runs just before it is painted, a task queued then runs after it. A page
// opened in a background tab paints nothing until shown, where timers still run.
const shown = root?.hasAttribute('data-prerendered') && document.documentElement.dataset.route !== 'elsewhere';
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
