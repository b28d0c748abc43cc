import { Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { routeOf, type Step } from '../journey';
import { useJourneyStep } from '../journey-slot';

/** Whether a step is account setup's (a phone set-up in it included). */
function inSetup(step: Step | null): step is Step {
  return step !== null && (step.name.startsWith('setup-') || (step.name === 'phone-setup' && step.purpose === 'setup'));
}

/** `/account-setup`: the setup goes on where it is (the phone once the credentials are saved), else at step 1. */
export function SetupEntry() {
  const current = useJourneyStep();
  return <Navigate to={inSetup(current) ? routeOf(current) : paths.accountSetupUsername} replace />;
}
