import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localIsoDate, shownDay } from '../../../lib/dates';
import { adoptionDecision, reminderDate, showsDeadline } from '../adoption';

const today = '2026-11-21';

describe('dates', () => {
  it('counts whole days across month and year ends', () => {
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(0);
    expect(daysBetween('2026-11-21', '2026-12-01')).toBe(10);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-03-01', '2027-02-28')).toBe(-1);
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
  });

  it('takes today in the local time zone', () => {
    expect(localIsoDate(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
  });

  it('shows a date as MM/DD/YYYY', () => {
    expect(shownDay('2027-01-05', 'numeric')).toBe('01/05/2027');
  });
});

describe('adoptionDecision', () => {
  it('forces adoption when the mandatory date is today or past', () => {
    expect(adoptionDecision('2026-11-21', null, today)).toBe('force');
    expect(adoptionDecision('2026-01-31', '2099-01-01', today)).toBe('force');
  });

  it('offers optional adoption with no reminder date or a past one', () => {
    expect(adoptionDecision('2026-11-22', null, today)).toBe('optional');
    expect(adoptionDecision(null, null, today)).toBe('optional');
    expect(adoptionDecision('2027-06-30', '2026-11-20', today)).toBe('optional');
  });

  it('goes to the landing address while a reminder is ahead (or today)', () => {
    expect(adoptionDecision('2027-06-30', '2026-11-21', today)).toBe('landing');
    expect(adoptionDecision(null, '2026-12-01', today)).toBe('landing');
  });
});

describe('reminderDate', () => {
  it('reminds in 7 days', () => {
    expect(reminderDate(today, null)).toBe('2026-11-28');
    expect(reminderDate(today, '2026-12-06')).toBe('2026-11-28');
  });

  it('reminds in 3 days within 14 days of the mandatory date', () => {
    expect(reminderDate(today, '2026-12-05')).toBe('2026-11-24');
    expect(reminderDate(today, '2026-11-22')).toBe('2026-11-24');
  });
});

describe('showsDeadline', () => {
  it('names the deadline within 60 days of it', () => {
    expect(showsDeadline(today, '2027-01-20')).toBe(true);
    expect(showsDeadline(today, '2027-01-21')).toBe(false);
    expect(showsDeadline(today, null)).toBe(false);
  });
});
