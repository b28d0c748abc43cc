import { useCallback, useState } from 'react';

/**
 * A text a screen keeps showing: the gateway's words as a string, or the catalogue's as a function
 * that reads it, so that a text already shown speaks the language the user switches to.
 */
export type ShownText = string | (() => string);

/** The text as it reads now. */
export function textOf(text: ShownText): string {
  return typeof text === 'function' ? text() : text;
}

/**
 * A message a screen shows until it clears it (a refusal, a failure, a wait): kept as given and
 * read each time the screen draws, so the catalogue's text follows a change of language (the
 * screens re-render in the new one, see `PortalRoutes`). A function may say there is nothing to
 * show by giving null.
 */
export function useShownText(): readonly [string | null, (text: string | (() => string | null) | null) => void] {
  const [shown, setShown] = useState<{ readonly read: () => string | null } | null>(null);
  const show = useCallback((text: string | (() => string | null) | null) => {
    setShown(text === null ? null : { read: typeof text === 'function' ? text : () => text });
  }, []);
  return [shown === null ? null : shown.read(), show];
}
