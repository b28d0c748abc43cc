/**
 * Calendar dates as the spec shows and compares them: `YYYY-MM-DD` strings for the user's local
 * day, compared and moved in UTC so no time zone or daylight-saving shift can change a day.
 */

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

/** `YYYY-MM-DD` as `MM/DD/YYYY`. */
export function usDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

/** `YYYY-MM-DD` in the long US format, for example `November 14, 2026`. */
export function longDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(utc);
}
