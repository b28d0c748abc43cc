/*
 * A field's blur handler may show a message (a form that checks a field when it is left), and
 * the message pushes down what follows. A mouse press on another control moves the focus, and so
 * blurs the field, before the button comes up: the control under the pointer would move away
 * between press and release, and the click would land on nothing. So while a pointer is
 * pressed, a blur handler waits until that press's click has happened; then the message shows,
 * announced and in its place, as after any other blur. Waiting works for a message of any
 * length: at 320 px, or at 400 % zoom, messages wrap to several lines, which no reserved line fits.
 */

let pressed = false;
let waiting: (() => void)[] = [];
let watching = false;

function release(): void {
  if (!pressed) return;
  pressed = false;
  const callbacks = waiting;
  waiting = [];
  // The browser dispatches the press's click in the same task as the release: these run after it.
  setTimeout(() => {
    for (const callback of callbacks) callback();
  });
}

/** Starts watching pointer presses on the page; once is enough (a field calls it when it mounts). */
export function watchPointerPresses(): void {
  if (watching) return;
  watching = true;
  // In the capture phase: seen before the press moves the focus, whatever the page does with it.
  document.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
    },
    true,
  );
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  // A press whose release the page never sees (the window lost the focus) ends here.
  window.addEventListener('blur', release);
}

/** Runs `callback` now, or, while a pointer is pressed, once that press's click has happened. */
export function afterPointerPress(callback: () => void): void {
  if (pressed) waiting.push(callback);
  else callback();
}
