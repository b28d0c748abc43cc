import { RouteLink } from '../../components/ui/route-link';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { buttonClassName } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../lib/paths';
import { sessionTexts } from '../../lib/messages/session';

/** Where an idle timeout or a sign-out elsewhere lands. */
export function SessionExpiredPage() {
  return (
    <Page>
      <Card labelledBy="session-expired-heading">
        <PageHeading id="session-expired-heading">{sessionTexts.sessionExpiredHeading}</PageHeading>
        <p>{sessionTexts.sessionExpired}</p>
        <ActionsRow>
          <RouteLink className={buttonClassName('primary')} to={paths.signIn}>
            {sessionTexts.signIn}
          </RouteLink>
        </ActionsRow>
      </Card>
    </Page>
  );
}
