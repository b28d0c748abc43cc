import { RouteLink } from '../../components/ui/route-link';
import { Screen } from '../../components/layout/screen';
import { shownDay } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useAnnouncements } from '../../lib/public-content';
import './whats-new-page.css';
import { sessionTexts } from '../../lib/messages/session';

/** `/whats-new`: the announcements, grouped by date. */
export function WhatsNewPage() {
  const announcements = useAnnouncements();
  const changes = announcements.data?.changes ?? [];
  return (
    <Screen
      id="whats-new-heading"
      heading={sessionTexts.whatsNew}
      above={
        <p>
          <RouteLink to={paths.signIn}>{sessionTexts.back}</RouteLink>
        </p>
      }
    >
      {announcements.status === 'pending' ? <p>{sessionTexts.loadingUpdates}</p> : null}
      {announcements.status === 'error' ? <p role="alert">{sessionTexts.updatesNotLoaded}</p> : null}
      {announcements.status === 'success' && changes.length === 0 ? <p>{sessionTexts.noUpdates}</p> : null}
      {changes.map((change) => (
        <section key={change.date} className="whats-new-page__change" aria-labelledby={`change-${change.date}`}>
          <h2 id={`change-${change.date}`} className="whats-new-page__date">
            <time dateTime={change.date}>{shownDay(change.date, 'long')}</time>
          </h2>
          {change.features.map((feature) => (
            // The gateway's words, shown as sent.
            <article key={feature.title} className="whats-new-page__feature" data-gateway-text>
              <h3 className="whats-new-page__title">{feature.title}</h3>
              <p>{feature.description}</p>
            </article>
          ))}
        </section>
      ))}
    </Screen>
  );
}
