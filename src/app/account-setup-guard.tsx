import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useJourneyState, type AccountSetup } from '../lib/journey/journey';
import { paths } from '../lib/paths';

/*
 * Account setup's guard, loaded with its screens (route-guard.tsx is part of the first screen).
 *
 * After a reload. The setup's progress lives in the journey, in memory only: the password chosen
 * in step 2 must never reach storage, and it is needed until the credentials are saved (after
 * step 4). A reload forgets the progress, so a reload on any step of the setup (its code screens
 * included, see verification-guard) returns to /account-setup, which starts again at step 1: no
 * call of the gateway says which steps are done (its credentials say whether the email is
 * verified, not whether the setup saved a username and password), and a guess that skipped
 * steps 1 to 4 could leave an account without the password its user chose.
 */

/** What each step needs from the steps before it: step 1 nothing, the phone saved credentials. */
const NEEDS: Readonly<Record<string, (setup: AccountSetup | null) => boolean>> = {
  [paths.accountSetupUsername]: () => true,
  [paths.accountSetupPassword]: (setup) => setup !== null && !setup.saved,
  [paths.accountSetupEmail]: (setup) => setup !== null && !setup.saved && setup.password !== null,
  [paths.accountSetupUsernameTaken]: (setup) => setup !== null && !setup.saved && setup.password !== null && setup.email !== null,
  [paths.accountSetupPhone]: (setup) => setup?.saved === true,
};

/**
 * Account setup's routes. /account-setup itself goes on at the phone once the credentials are
 * saved, otherwise at step 1; a step without the progress it needs goes back to /account-setup.
 * A step gets the progress as its outlet context (`useOutletContext<AccountSetup>()`; null on
 * step 1 when nothing is chosen yet).
 */
export function RequireSetupProgress() {
  const { setup } = useJourneyState();
  const { pathname } = useLocation();
  const needs = NEEDS[pathname];
  if (!needs) return <Navigate to={setup?.saved ? paths.accountSetupPhone : paths.accountSetupUsername} replace />;
  return needs(setup) ? <Outlet context={setup} /> : <Navigate to={paths.accountSetup} replace />;
}
