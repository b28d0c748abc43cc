import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { feedbackUserTypeOf, feedbackUserTypeOfInd } from '../../lib/links';
import { paths } from '../../lib/paths';
import { signOut } from '../../lib/session';
import { readSession } from '../../lib/session-storage';

/**
 * `/redirectLogin?ind=...` (and `/logout-feedback?ind=...`): where the other applications send a
 * user who logged out. It sets the survey's user type (from `ind`, else the stored role), ends
 * the session here and in the other tabs, and shows the logout feedback screen, without `ind`.
 */
export function RedirectLoginPage() {
  const [search] = useSearchParams();
  const userType = feedbackUserTypeOfInd(search.get('ind')) ?? feedbackUserTypeOf(readSession()?.role);
  useEffect(() => {
    // Ends the gateway's session too (its logout page).
    signOut('logout');
  }, []);
  return <Navigate to={paths.logoutFeedback} replace state={{ userType }} />;
}
