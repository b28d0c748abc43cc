import { RouteLink } from '../ui/route-link';
import { monthDay, updatesLabel } from '../../lib/announcements';
import { paths } from '../../lib/paths';
import { useAnnouncements } from '../../lib/public-content';
import './announcement-banner.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

/**
 * The latest announcement: 'Update MM/DD', how many new updates, and a link to What's New. It
 * arrives after the sign-in form, into room the shell keeps for it.
 */
export function AnnouncementBanner() {
  const announcements = useAnnouncements();
  const latest = announcements.data?.changes[0];
  if (!latest || latest.features.length === 0) return null;
  return (
    <section className="announcement-banner" aria-label={firstScreenTexts.latestUpdate}>
      <p className="announcement-banner__text">
        <strong>{firstScreenTexts.updateOn({ date: monthDay(latest.date) })}</strong> <span>{updatesLabel(latest)}</span>{' '}
        <RouteLink className="announcement-banner__link" to={paths.whatsNew}>
          {firstScreenTexts.seeWhatsNew}
        </RouteLink>
      </p>
    </section>
  );
}
