import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../../generated/models/authResponse';
import { completeSignIn, continueToLanding, postLoginRedirect, startAdoption, type JourneyDeps } from './post-sign-in';

/** The journey after sign-in (post-sign-in.ts), bound to this screen's router and query client. */
export function useJourney() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deps: JourneyDeps = { navigate: (to, options) => void navigate(to, options), queryClient };
  return {
    completeSignIn: (result: AuthResponse, username: string) => completeSignIn(result, username, deps),
    postLoginRedirect: () => postLoginRedirect(deps),
    startAdoption: () => startAdoption(deps),
    continueToLanding: () => continueToLanding(deps),
  };
}
