import { useQueryClient } from '@tanstack/react-query';
import { getGetUserLandingUrlQueryOptions } from '../../../generated/hooks/sign-in/sign-in';
import type { Role } from '../../../generated/models/role';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { dashboardPathOf, dashboardUrl } from '../../lib/paths';
import { clearSessionStorage, saveLanding } from '../../lib/session-storage';

/**
 * After sign-in: asks the gateway for the landing address and goes there, but only when it
 * is exactly one of the seven dashboards; anything else clears the session and is never
 * followed. Resolves to false when the user could not be sent anywhere.
 */
export function usePostLoginRedirect(): (role: Role) => Promise<boolean> {
  const queryClient = useQueryClient();
  return async (role) => {
    const landing = await queryClient.fetchQuery(getGetUserLandingUrlQueryOptions({ role }));
    const url = landing.data?.url ?? '';
    const dashboard = dashboardPathOf(url);
    if (dashboard === null) {
      clearSessionStorage();
      return false;
    }
    const address = dashboardUrl(env.envPathPrefix, dashboard);
    saveLanding(address, landing.data?.externalUrl ?? false);
    leavePortal(address);
    return true;
  };
}
