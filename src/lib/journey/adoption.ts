import {
  ADOPTION_NOTICE_DAYS,
  ADOPTION_REMINDER_DAYS,
  ADOPTION_SHORT_REMINDER_DAYS,
  ADOPTION_SHORT_REMINDER_WINDOW_DAYS,
} from '../constants';

/**
 * The multi-factor adoption rules of the spec's section 4, on calendar dates (`YYYY-MM-DD`,
 * the user's local day), so they can be checked without a clock.
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

export type AdoptionDecision = 'landing' | 'force' | 'optional';

/**
 * What follows a sign-in for a user whose multi-factor option (190) is not active: a mandatory
 * date today or past forces adoption; no reminder date, or one in the past, shows the optional
 * adoption; a reminder still ahead goes to the landing address.
 */
export function adoptionDecision(mandatory: string | null | undefined, skipUntil: string | null | undefined, today: string): AdoptionDecision {
  if (mandatory && daysBetween(today, mandatory) <= 0) return 'force';
  if (!skipUntil || daysBetween(today, skipUntil) < 0) return 'optional';
  return 'landing';
}

/** 'Remind me later': 7 days ahead, or 3 when the mandatory date is within 14 days. */
export function reminderDate(today: string, mandatory: string | null | undefined): string {
  const soon = mandatory !== null && mandatory !== undefined && daysBetween(today, mandatory) <= ADOPTION_SHORT_REMINDER_WINDOW_DAYS;
  return addDays(today, soon ? ADOPTION_SHORT_REMINDER_DAYS : ADOPTION_REMINDER_DAYS);
}

/** Whether the optional-adoption screen names the deadline (within 60 days of it). */
export function showsDeadline(today: string, mandatory: string | null | undefined): mandatory is string {
  return mandatory !== null && mandatory !== undefined && daysBetween(today, mandatory) <= ADOPTION_NOTICE_DAYS;
}
