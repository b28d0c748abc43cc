import { RouteLink } from '../../components/ui/route-link';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { buttonClassName } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../lib/paths';

/** Where an idle timeout or a sign-out elsewhere lands. */
export function SessionExpiredPage() {
  return (
    <Page>
      <Card labelledBy="session-expired-heading">
        <PageHeading id="session-expired-heading">You have been logged out</PageHeading>
        <p>This may be due to a long period of inactivity or you may have logged out of your account on another page.</p>
        <ActionsRow>
          <RouteLink className={buttonClassName('primary')} to={paths.signIn}>
            Sign In
          </RouteLink>
        </ActionsRow>
      </Card>
    </Page>
  );
}
