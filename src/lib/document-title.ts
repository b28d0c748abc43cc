/**
 * The one owner of `document.title`: the brand (or the app name) as its base, and an optional
 * prefix such as the idle countdown ('29 seconds left'), so neither overwrites the other.
 */
let base = '';
let prefix: string | null = null;

function apply(): void {
  document.title = prefix ? `${prefix} | ${base}` : base;
}

/** Sets the title's base: the brand name, or the app name until branding arrives. */
export function setTitleBase(title: string): void {
  base = title;
  apply();
}

/** Puts a note before the title (null removes it). */
export function setTitlePrefix(note: string | null): void {
  prefix = note;
  apply();
}
