/*
 * The page's entry, which does two things: it starts the app (src/start.tsx) once the browser has
 * painted the page, and it remembers a press on the page made before then. The page holds the
 * sign-in screen prerendered (src/prerender.tsx), and index.html already asks for the app's code
 * beside it (<link rel="modulepreload">, the `portal-app-links` plugin of vite.config.ts), so the
 * form paints before that code runs instead of after: the code arrives over a phone's network
 * later than the page and its style sheet, and when it arrives first (a fast network, a cached
 * visit) the browser would otherwise run it before painting anything. The style sheets come with
 * the app's code, and index.html names them, so they are there for the first paint.
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
  void import('./start').then(({ startPortal }) => startPortal(takeEarlyPress));
}
// After the next frame: `requestAnimationFrame` runs just before it is painted, a task queued then
// runs after it. A page opened in a background tab paints nothing until shown, where timers still run.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1_000);
