import { describe, expect, it } from 'vitest';
import { monthDay, updatesLabel } from '../announcements';
import { shownDay } from '../dates';

describe('announcement formatting', () => {
  it('shows a date as MM/DD without a time zone shift', () => {
    expect(monthDay('2026-01-01')).toBe('01/01');
    expect(monthDay('2026-11-14')).toBe('11/14');
  });

  it('shows a date in the long format', () => {
    expect(shownDay('2026-11-14', 'long')).toBe('November 14, 2026');
    expect(shownDay('2027-01-01', 'long')).toBe('January 1, 2027');
  });

  it('counts the new updates of a change', () => {
    const feature = { title: 't', description: 'd' };
    expect(updatesLabel({ date: '2026-11-14', features: [feature] })).toBe('1 new update!');
    expect(updatesLabel({ date: '2026-11-14', features: [feature, feature] })).toBe('2 new updates!');
  });
});
