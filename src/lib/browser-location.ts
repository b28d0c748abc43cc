/**
 * Leaves the single-page app for another address of the same site (a dashboard). Callers
 * pass only addresses built from the allow-list in links.ts.
 */
export function leavePortal(url: string): void {
  window.location.assign(url);
}
