import {
  ADOPTION_NOTICE_DAYS,
  ADOPTION_REMINDER_DAYS,
  ADOPTION_SHORT_REMINDER_DAYS,
  ADOPTION_SHORT_REMINDER_WINDOW_DAYS,
} from '../../lib/constants';
import { addDays, daysBetween } from '../../lib/dates';

/**
 * The multi-factor adoption rules of the spec's section 4, on calendar dates (`YYYY-MM-DD`,
 * the user's local day), so they can be checked without a clock.
 */

export type AdoptionDecision = 'landing' | 'force' | 'optional';

/**
 * What follows a sign-in for a user whose multi-factor option (190) is not active: a mandatory
 * date today or past forces adoption; no reminder date, or one in the past, shows the optional
 * adoption; a reminder still ahead goes to the landing address.
 */
export function adoptionDecision(
  mandatory: string | null | undefined,
  skipUntil: string | null | undefined,
  today: string,
): AdoptionDecision {
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
