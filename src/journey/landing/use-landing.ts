import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { AuthResponse } from '../../../generated/models/authResponse';
import type { SignIn } from '../journey';
import { useJourney, type JourneyMoves } from '../use-journey';
import type { LandingDeps, LandingOutcome } from './landing';

/** The steps after sign-in load with the first submit that needs them, never with the first screen. */
const loadLanding = () => import('./landing');

type Landing = Awaited<ReturnType<typeof loadLanding>>;

/**
 * Where a sign-in leads, bound to a router's `navigate`, a query client and the journey's moves,
 * loaded on first use (or ahead of it with `preload`, while the user is still typing).
 */
export function landingMoves(navigate: NavigateFunction, queryClient: QueryClient, journey: JourneyMoves) {
  const deps = (module: Landing): LandingDeps => ({
    queryClient,
    advance: (step) => journey.advance(step),
    navigate: (path) => void navigate(path, { replace: true }),
    leave: (address) => module.leaveFor(address, () => journey.end()),
  });
  return {
    preload: () => void loadLanding().catch(() => undefined),
    completeSignIn: async (result: AuthResponse, signIn: SignIn | null) => {
      const module = await loadLanding();
      await module.completeSignIn(result, signIn, { ...deps(module), end: () => journey.end() });
    },
    /** An emailed link's token signed the user in: the account set-up begins. */
    startSetupFromLink: async (result: AuthResponse, token: string) =>
      (await loadLanding()).startSetupFromLink(result, token, (step) => journey.advance(step, { replace: true })),
    run: async (step: (module: Landing, deps: LandingDeps) => Promise<LandingOutcome>) => {
      const module = await loadLanding();
      await module.runLandingStep(() => step(module, deps(module)));
    },
  };
}

export function useLanding() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const journey = useJourney();
  return useMemo(() => landingMoves(navigate, queryClient, journey), [journey, navigate, queryClient]);
}
