import { RouteLink as Link } from '../ui/route-link';
import { updatesLabel } from '../../lib/announcements';
import { monthDay } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useAnnouncements } from '../../lib/public-content';

/** The latest announcement: 'Update MM/DD', how many new updates, and a link to What's New. */
export function AnnouncementBanner() {
  const announcements = useAnnouncements();
  const latest = announcements.data?.changes[0];
  if (!latest || latest.features.length === 0) return null;
  return (
    <section className="announcement" aria-label="Latest update">
      <p>
        <strong>Update {monthDay(latest.date)}</strong> <span>{updatesLabel(latest)}</span>{' '}
        <Link to={paths.whatsNew}>See What&apos;s New</Link>
      </p>
    </section>
  );
}
