import { shownDay } from './dates';
import type { AnnouncementChange } from '../../generated/models/announcementChange';
import { firstScreenTexts } from './messages/first-screen';

/** 'N new update!' or 'N new updates!' for the latest change. */
export function updatesLabel(change: AnnouncementChange): string {
  return firstScreenTexts.newUpdates({ count: change.features.length });
}

/** The change's day as `MM/DD`, without a time zone shift. */
export function monthDay(date: string): string {
  return shownDay(date, 'month-day');
}
