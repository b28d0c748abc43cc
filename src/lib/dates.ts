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

/**
 * A `YYYY-MM-DD` day in the page's language (`Intl`), or the text as it came when it is no such
 * day: `numeric` in English is the spec's `MM/DD/YYYY` (`MM/DD` without the year), `long` is
 * `November 14, 2026`; in Spanish `14/11/2026` and `14 de noviembre de 2026`.
 */
export function shownDay(iso: string, style: 'numeric' | 'month-day' | 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'long' } : { month: '2-digit', day: '2-digit', ...(style === 'numeric' ? { year: 'numeric' } : {}) };
  return new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: 'UTC' }).format(utc);
}
