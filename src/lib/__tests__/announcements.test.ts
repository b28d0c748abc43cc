import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { monthDay, updatesLabel } from '../announcements';
import { shownDay } from '../dates';
import { activateLocale, intlLocale, type Locale } from '../i18n/locale';

afterEach(() => activateLocale('en'));

describe('announcement formatting', () => {
  it('shows a date as MM/DD without a time zone shift', () => {
    expect(monthDay('2026-01-01')).toBe('01/01');
    expect(monthDay('2026-11-14')).toBe('11/14');
  });

  it("writes the numeric days as Intl's date formatter does, in every language", async () => {
    for (const locale of ['en', 'es', 'pseudo'] satisfies Locale[]) {
      await activateLocale(locale);
      const day = fc.date({ min: new Date(Date.UTC(1000, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true });
      fc.assert(
        fc.property(day, (date) => {
          const iso = date.toISOString().slice(0, 10);
          const intl = (options: Intl.DateTimeFormatOptions) =>
            new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: 'UTC' }).format(date);
          expect(shownDay(iso, 'month-day')).toBe(intl({ month: '2-digit', day: '2-digit' }));
          expect(shownDay(iso, 'numeric')).toBe(intl({ month: '2-digit', day: '2-digit', year: 'numeric' }));
        }),
      );
    }
    await activateLocale('es');
    expect(shownDay('2026-11-04', 'numeric')).toBe('04/11/2026');
    expect(shownDay('2026-11-04', 'month-day')).toBe('04/11');
  });

  it('shows a date in the long format', () => {
    expect(shownDay('2026-11-14', 'long')).toBe('November 14, 2026');
    expect(shownDay('2027-01-01', 'long')).toBe('January 1, 2027');
  });

  it('counts the new updates of a change', () => {
    const feature = { title: 't', description: 'd' };
    expect(updatesLabel({ date: '2026-11-14', features: [feature] })).toBe('1 new update!');
    expect(updatesLabel({ date: '2026-11-14', features: [feature, feature] })).toBe('2 new updates!');
    expect(updatesLabel({ date: '2026-11-14', features: [] })).toBe('0 new updates!');
  });

  it('counts them in Spanish too', async () => {
    await activateLocale('es');
    const feature = { title: 't', description: 'd' };
    expect(updatesLabel({ date: '2026-11-14', features: [feature] })).toBe('¡1 novedad!');
    expect(updatesLabel({ date: '2026-11-14', features: [feature, feature] })).toBe('¡2 novedades!');
  });
});
