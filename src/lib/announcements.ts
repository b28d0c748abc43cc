import type { AnnouncementChange } from '../../generated/models/announcementChange';

/** `YYYY-MM-DD` as `MM/DD`, without a time zone shift. */
export function monthDay(date: string): string {
  const [, , month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) ?? [];
  return month && day ? `${month}/${day}` : date;
}

/** `YYYY-MM-DD` in the long US format, for example `November 14, 2026`. */
export function longDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(utc);
}

/** 'N new update!' or 'N new updates!' for the latest change. */
export function updatesLabel(change: AnnouncementChange): string {
  const count = change.features.length;
  return `${count} new update${count === 1 ? '' : 's'}!`;
}
