import { RouteLink as Link } from '../../components/ui/route-link';
import { PageHeading } from '../../components/ui/page-heading';
import { longDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useAnnouncements } from '../../lib/public-content';

/** `/whats-new`: the announcements, grouped by date. */
export function WhatsNewPage() {
  const announcements = useAnnouncements();
  const changes = announcements.data?.changes ?? [];
  return (
    <section className="card whats-new" aria-labelledby="whats-new-heading">
      <p>
        <Link to={paths.signIn}>Back</Link>
      </p>
      <PageHeading id="whats-new-heading">What&apos;s New</PageHeading>
      {announcements.isPending ? <p>Loading the latest updates…</p> : null}
      {announcements.isError ? <p role="alert">The updates could not be loaded. Please try again later.</p> : null}
      {announcements.isSuccess && changes.length === 0 ? <p>There are no updates right now.</p> : null}
      {changes.map((change) => (
        <section key={change.date} className="whats-new__change" aria-labelledby={`change-${change.date}`}>
          <h2 id={`change-${change.date}`}>{longDate(change.date)}</h2>
          {change.features.map((feature) => (
            <article key={feature.title} className="whats-new__feature">
              <h3>{feature.title}</h3>
              <p>{feature.description}</p>
            </article>
          ))}
        </section>
      ))}
    </section>
  );
}
