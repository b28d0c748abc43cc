/** The id of the page's main region (`<main>` in app-frame.tsx), the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The main region takes the focus: where the focused control goes away with what it belonged to
 * (the cookie banner's button, a dismissed notification's ×), and for the skip link.
 */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}
