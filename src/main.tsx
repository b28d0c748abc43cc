/*
 * The page's entry, which does one thing: it starts the app (src/start.tsx) once the browser has
 * painted the page. The page holds the sign-in screen prerendered (src/prerender.tsx), and
 * index.html already asks for the app's code beside it (<link rel="modulepreload">, the
 * `portal-app-links` plugin of vite.config.ts), so the form paints before that code runs instead
 * of after: the code arrives over a phone's network later than the page and its style sheet, and
 * when it arrives first (a fast network, a cached visit) the browser would otherwise run it
 * before painting anything. The style sheets come with the app's code, and index.html names
 * them, so they are there for the first paint.
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./start');
}
// After the next frame: `requestAnimationFrame` runs just before it is painted, a task queued then
// runs after it. A page opened in a background tab paints nothing until shown, where timers still run.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1_000);
