import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeOf, type Step } from './journey';
import { dispatch } from './journey-store';

/** The journey's moves for a screen: each also shows the step it leads to. */
export function useJourney() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      /** On to a step (journey.ts says which moves are legal), and its route. */
      advance(to: Step, options?: { readonly replace?: boolean }): void {
        dispatch({ type: 'advance', to });
        navigate(routeOf(to), options);
      },
      /** Back to the step this one came from, as it was; its route's guard rewinds the journey. */
      back(step: Step): void {
        if (step.back) navigate(routeOf(step.back));
      },
      /** The journey is over; `to` is where the user goes. */
      end(to?: string): void {
        dispatch({ type: 'end' });
        if (to !== undefined) navigate(to, { replace: true });
      },
    }),
    [navigate],
  );
}
