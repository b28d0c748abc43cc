import { useLocation, useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../components/ui/route-link';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { buttonClassName } from '../../components/ui/button';
import { env } from '../../lib/env';
import { feedbackUserTypeOf, surveyUrl, type FeedbackUserType } from '../../lib/links';
import { readSession } from '../../lib/session-storage';
import { RedirectLoginPage } from './redirect-login-page';
import { sessionTexts } from '../../lib/messages/session';

/** The user type handed over by the feedback redirect, in the router's history state. */
export interface LogoutFeedbackState {
  readonly userType: FeedbackUserType;
}

function isFeedbackState(value: unknown): value is LogoutFeedbackState {
  return typeof value === 'object' && value !== null && 'userType' in value && typeof value.userType === 'string';
}

/**
 * `/logout-feedback`: confirms the logout and offers the survey for the user's type. With a
 * query parameter `ind` it is the feedback redirect (spec: "a query parameter ind sets the user
 * type, clears session storage and redirects here"), as `/redirectLogin?ind=` is.
 */
export function LogoutFeedbackPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  if (search.has('ind')) return <RedirectLoginPage />;
  const state: unknown = location.state;
  const userType = isFeedbackState(state) ? state.userType : feedbackUserTypeOf(readSession()?.role);
  return (
    <Screen id="logout-heading" heading={sessionTexts.loggedOutHeading}>
      <p>{sessionTexts.surveyRequest}</p>
      <ActionsRow>
        <a className={buttonClassName('primary')} href={surveyUrl(env.surveyUrl, userType)} target="_blank" rel="noopener noreferrer">
          {sessionTexts.takeSurvey}
        </a>
        <RouteLink to="/">{sessionTexts.noThanks}</RouteLink>
      </ActionsRow>
    </Screen>
  );
}
