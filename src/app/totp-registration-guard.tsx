import { Navigate, Outlet } from 'react-router-dom';
import { useTotpRegistration } from '../flows/totp/totp-registration';
import { paths } from '../lib/paths';

/**
 * The authenticator-app set-up's steps after the intro need the registration the intro made
 * (held in memory by the set-up's route): without one, as after a reload or an address typed
 * in, the set-up starts at its intro. Loaded with the set-up's screens.
 */
export function RequireTotpRegistration() {
  const registration = useTotpRegistration();
  return registration.uri === null ? <Navigate to={paths.totpSetup} replace /> : <Outlet context={registration} />;
}
