import { RouteLink } from '../../components/ui/route-link';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { PageHeading } from '../../components/ui/page-heading';
import { longDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useAnnouncements } from '../../lib/public-content';
import './whats-new-page.css';

/** `/whats-new`: the announcements, grouped by date. */
export function WhatsNewPage() {
  const announcements = useAnnouncements();
  const changes = announcements.data?.changes ?? [];
  return (
    <Page>
      <Card labelledBy="whats-new-heading">
        <p>
          <RouteLink to={paths.signIn}>Back</RouteLink>
        </p>
        <PageHeading id="whats-new-heading">What&apos;s New</PageHeading>
        {announcements.isPending ? <p>Loading the latest updates…</p> : null}
        {announcements.isError ? <p role="alert">The updates could not be loaded. Please try again later.</p> : null}
        {announcements.isSuccess && changes.length === 0 ? <p>There are no updates right now.</p> : null}
        {changes.map((change) => (
          <section key={change.date} className="whats-new-page__change" aria-labelledby={`change-${change.date}`}>
            <h2 id={`change-${change.date}`} className="whats-new-page__date">
              {longDate(change.date)}
            </h2>
            {change.features.map((feature) => (
              <article key={feature.title} className="whats-new-page__feature">
                <h3 className="whats-new-page__title">{feature.title}</h3>
                <p>{feature.description}</p>
              </article>
            ))}
          </section>
        ))}
      </Card>
    </Page>
  );
}
