import type { AnnouncementChange } from '../../generated/models/announcementChange';

/** 'N new update!' or 'N new updates!' for the latest change. */
export function updatesLabel(change: AnnouncementChange): string {
  const count = change.features.length;
  return `${count} new update${count === 1 ? '' : 's'}!`;
}
