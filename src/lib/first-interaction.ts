/**
 * Calls `callback` once, on the page's first key or pointer press or the first value put into a
 * field (a password manager fills a form without a key press), or never, if the returned stop
 * comes first: for code that a screen needs as soon as someone uses it, and that the first
 * screen therefore does not carry.
 */
export function onFirstInteraction(callback: () => void): () => void {
  const types = ['pointerdown', 'keydown', 'input'] as const;
  const stop = () => {
    for (const type of types) document.removeEventListener(type, run, { capture: true });
  };
  const run = () => {
    stop();
    callback();
  };
  for (const type of types) document.addEventListener(type, run, { capture: true });
  return stop;
}
