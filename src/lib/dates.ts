/**
 * Calendar dates as the spec shows and compares them: `YYYY-MM-DD` strings for the user's local
 * day, compared and moved in UTC so no time zone or daylight-saving shift can change a day.
 */

import { intlLocale } from './i18n/locale';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today in the user's time zone, as `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

function toUtcDay(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDay(to) - toUtcDay(from)) / DAY_MS);
}

/** `iso` moved by a number of days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(toUtcDay(iso) + days * DAY_MS);
  return date.toISOString().slice(0, 10);
}

/** The languages that write a numeric day before its month (Spanish: 14/11/2026). */
const DAY_FIRST: ReadonlySet<string> = new Set(['es-US']);

/**
 * A `YYYY-MM-DD` day in the page's language, or the text as it came when it is no such day:
 * `numeric` in English is the spec's `MM/DD/YYYY` (`month-day`: `MM/DD`, without the year), `long`
 * is `November 14, 2026`; in Spanish `14/11/2026` and `14 de noviembre de 2026`.
 * The numeric styles are put together here, as `Intl.DateTimeFormat` writes them (a unit test
 * compares them on generated days): the first date formatter a page makes loads the browser's
 * date data, 40-90 ms of the main thread here, and the sign-in screen's announcement shows its
 * `MM/DD` while the page is becoming interactive. `long` is shown on later pages only.
 */
export function shownDay(iso: string, style: 'numeric' | 'month-day' | 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const locale = intlLocale();
  if (style === 'long') return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(utc);
  const month = String(utc.getUTCMonth() + 1).padStart(2, '0');
  const day = String(utc.getUTCDate()).padStart(2, '0');
  const monthDay = DAY_FIRST.has(locale) ? `${day}/${month}` : `${month}/${day}`;
  return style === 'numeric' ? `${monthDay}/${utc.getUTCFullYear()}` : monthDay;
}
