import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../../generated/models/authResponse';
import type { JourneyDeps, RedirectOutcome } from './post-sign-in';

/** The steps after sign-in load with the first submit that needs them, never with the first screen. */
const loadSteps = () => import('./post-sign-in');

/** The journey's steps, bound to the screen's router and query client. */
export interface JourneySteps {
  readonly postLoginRedirect: () => Promise<RedirectOutcome>;
  readonly startAdoption: () => Promise<RedirectOutcome>;
  readonly continueToLanding: () => Promise<RedirectOutcome>;
  readonly participantRedirect: () => Promise<RedirectOutcome>;
}

/**
 * The one way into the journey after sign-in (post-sign-in.ts), for every screen: its code is
 * loaded on first use (or ahead of it with `preload`), so the first screen stays small.
 */
export function useJourney() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deps: JourneyDeps = { navigate: (to, options) => void navigate(to, options), queryClient };
  return {
    /** Starts loading the steps, for a submit whose answer will need them. */
    preload: () => void loadSteps().catch(() => undefined),
    /** What follows a successful sign-in (see post-sign-in's completeSignIn). */
    completeSignIn: async (result: AuthResponse, username: string) => (await loadSteps()).completeSignIn(result, username, deps),
    /** An emailed link's token signed the user in: the account set-up begins (see post-sign-in). */
    startSetupFromLink: async (result: AuthResponse, token: string) => (await loadSteps()).startSetupFromLink(result, token, deps),
    /** Runs a step after sign-in; a failure or refusal shows the internal-error notification. */
    runStep: async (step: (steps: JourneySteps) => Promise<RedirectOutcome>) => {
      const module = await loadSteps();
      return module.runJourneyStep(() =>
        step({
          postLoginRedirect: () => module.postLoginRedirect(deps),
          startAdoption: () => module.startAdoption(deps),
          continueToLanding: () => module.continueToLanding(deps),
          participantRedirect: () => module.participantRedirect(deps),
        }),
      );
    },
  };
}
