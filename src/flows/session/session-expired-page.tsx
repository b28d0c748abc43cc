import { RouteLink as Link } from '../../components/ui/route-link';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../lib/paths';

/** Where an idle timeout or a sign-out elsewhere lands. */
export function SessionExpiredPage() {
  return (
    <section className="card" aria-labelledby="session-expired-heading">
      <PageHeading id="session-expired-heading">You have been logged out</PageHeading>
      <p>This may be due to a long period of inactivity or you may have logged out of your account on another page.</p>
      <Link className="button button--primary" to={paths.signIn}>
        Sign In
      </Link>
    </section>
  );
}
