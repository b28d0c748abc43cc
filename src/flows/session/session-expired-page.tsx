import { RouteLink } from '../../components/ui/route-link';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { buttonClassName } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { sessionTexts } from '../../lib/messages/session';

/** Where an idle timeout or a sign-out elsewhere lands. */
export function SessionExpiredPage() {
  return (
    <Screen id="session-expired-heading" heading={sessionTexts.sessionExpiredHeading}>
      <p>{sessionTexts.sessionExpired}</p>
      <ActionsRow>
        <RouteLink className={buttonClassName('primary')} to={paths.signIn}>
          {sessionTexts.signIn}
        </RouteLink>
      </ActionsRow>
    </Screen>
  );
}
