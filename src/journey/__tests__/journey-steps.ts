import { trail, type Step } from '../journey';
import { dispatch } from '../journey-store';

/**
 * Puts the journey on a step the way the screens get there: each step it came from, in order,
 * then the step (every move legal, or the reducer refuses it).
 */
export function reach(step: Step): Step {
  for (const earlier of [...trail(step)].reverse()) dispatch({ type: 'advance', to: earlier });
  dispatch({ type: 'advance', to: step });
  return step;
}
