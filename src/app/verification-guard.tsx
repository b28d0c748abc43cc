import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { getGetUserLandingUrlQueryOptions } from '../../generated/hooks/sign-in/sign-in';
import { answerData } from '../lib/api/answer-data';
import { useJourneyState } from '../lib/journey/journey';
import { paths } from '../lib/paths';
import { readSession } from '../lib/session-storage';

/*
 * The code-entry screen's guard, loaded with the screen (route-guard.tsx is part of the first
 * screen, and this one asks the gateway).
 */

/** The landing marker of an account whose setup is not finished (the post-login redirect's). */
const ACCOUNT_SETUP_LANDING = 'acctSetup-username';

/**
 * The code-entry screen: without a code on its way (a reload forgets it), back to the form. A
 * signed-in user who arrives without one (a reload on a code step of account setup) resumes as
 * the gateway's landing address says: see ResumeAfterReload.
 */
export function RequireVerification() {
  const { verification } = useJourneyState();
  // Only an arrival without data resumes; a journey that ends while the screen shows (the user
  // is leaving for a dashboard) goes nowhere new.
  const [arrivedWithout] = useState(() => verification === null);
  if (verification) return <Outlet />;
  if (arrivedWithout && readSession()) return <ResumeAfterReload />;
  return <Navigate to={paths.signIn} replace />;
}

/**
 * The code screen reached by a signed-in user without a code on its way: a reload forgot it. The
 * gateway's landing address says whether the account is still being set up: then the setup
 * starts again at /account-setup (see account-setup-guard); otherwise, or when the gateway cannot
 * say, the sign-in form, as without a session.
 */
function ResumeAfterReload() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = true;
    const session = readSession();
    const settingUp = session
      ? queryClient
          .fetchQuery({ ...getGetUserLandingUrlQueryOptions({ role: session.role }), staleTime: 0, retry: false })
          .then((landing) => answerData(landing).url === ACCOUNT_SETUP_LANDING)
          .catch(() => false)
      : Promise.resolve(false);
    void settingUp.then((setup) => {
      if (live) navigate(setup ? paths.accountSetup : paths.signIn, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, queryClient]);
  return <p aria-busy="true">Loading…</p>;
}
