import { Navigate, Outlet } from 'react-router-dom';
import { verifyResetTokenQueryTokenMax, verifyResetTokenQueryTokenRegExp } from '../../generated/zod/verification/verification.zod';
import { paths } from '../lib/paths';
import { useLinkToken } from '../lib/use-link-token';

/**
 * The password-reset link's page needs its token: without one (or with one the contract refuses)
 * the user goes to the token page, which explains the link. Loaded with the route, so the
 * contract's rules (zod) stay out of the first screen. The token reaches the page as the
 * outlet's context, in memory only.
 */
export function RequireResetLinkToken() {
  const token = useLinkToken({ pattern: verifyResetTokenQueryTokenRegExp, maxLength: verifyResetTokenQueryTokenMax });
  return token ? <Outlet context={token} /> : <Navigate to={paths.verification} replace />;
}
