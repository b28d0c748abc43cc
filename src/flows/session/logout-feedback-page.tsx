import { useLocation } from 'react-router-dom';
import { RouteLink as Link } from '../../components/ui/route-link';
import { PageHeading } from '../../components/ui/page-heading';
import { env } from '../../lib/env';
import { feedbackUserTypeOf, surveyUrl, type FeedbackUserType } from '../../lib/paths';
import { readSession } from '../../lib/session-storage';

/** The user type handed over by the feedback redirect, in the router's history state. */
export interface LogoutFeedbackState {
  readonly userType: FeedbackUserType;
}

function isFeedbackState(value: unknown): value is LogoutFeedbackState {
  return typeof value === 'object' && value !== null && 'userType' in value && typeof value.userType === 'string';
}

/** `/logout-feedback`: confirms the logout and offers the survey for the user's type. */
export function LogoutFeedbackPage() {
  const location = useLocation();
  const state: unknown = location.state;
  const userType = isFeedbackState(state) ? state.userType : feedbackUserTypeOf(readSession()?.role);
  return (
    <section className="card" aria-labelledby="logout-heading">
      <PageHeading id="logout-heading">You&apos;ve successfully logged out</PageHeading>
      <p>Would you take a minute to tell us how we are doing? Your answers help us improve your experience.</p>
      <div className="form__actions">
        <a className="button button--primary" href={surveyUrl(env.surveyUrl, userType)} target="_blank" rel="noopener noreferrer">
          Take the survey
        </a>
        <Link className="button button--link" to="/">
          No, thanks
        </Link>
      </div>
    </section>
  );
}
