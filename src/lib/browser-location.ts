/**
 * Leaves the single-page app for another address of the same site (a dashboard). Callers
 * pass only addresses built from the allow-list in links.ts.
 */
export function leavePortal(url: string): void {
  window.location.assign(url);
}

/** Rewrites the address bar without a navigation or a history entry (keeping the history state). */
export function replaceBrowserAddress(url: string): void {
  if (url !== window.location.href) window.history.replaceState(window.history.state, '', url);
}
