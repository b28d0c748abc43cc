import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from './paths';
import { signOut } from './session';

/**
 * The spec's "log out to the login page": the session ends here and on the gateway (a logout),
 * and the login page takes the screen's place in the history.
 */
export function useLogOutToLogin(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    signOut('logout');
    void navigate(paths.login, { replace: true });
  }, [navigate]);
}
