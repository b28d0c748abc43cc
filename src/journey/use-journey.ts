import { useMemo } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { routeOf, type Step } from './journey';
import { dispatch } from './journey-store';

/** The journey's moves, each also showing the step it leads to through `navigate`. */
export function journeyMoves(navigate: NavigateFunction) {
  return {
    /** On to a step (journey.ts says which moves are legal), and its route. */
    advance(to: Step, options?: { readonly replace?: boolean }): void {
      dispatch({ type: 'advance', to });
      void navigate(routeOf(to), options);
    },
    /** Back to the step this one came from, as it was; its route's guard rewinds the journey. */
    back(step: Step): void {
      if (step.back) void navigate(routeOf(step.back));
    },
    /** The journey is over; `to` is where the user goes. */
    end(to?: string): void {
      dispatch({ type: 'end' });
      if (to !== undefined) void navigate(to, { replace: true });
    },
  };
}

export type JourneyMoves = ReturnType<typeof journeyMoves>;

export function useJourney(): JourneyMoves {
  const navigate = useNavigate();
  return useMemo(() => journeyMoves(navigate), [navigate]);
}
