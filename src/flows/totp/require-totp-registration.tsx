import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { qrCodeUriSlot } from './totp-slots';

/** The set-up's steps need a registration's uri: without one, the set-up starts at its intro. */
export function RequireTotpRegistration() {
  return qrCodeUriSlot.read() ? <Outlet /> : <Navigate to={paths.totpSetup} replace />;
}
