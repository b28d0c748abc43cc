import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../gateway-client/api-error';

const MAX_RETRIES = 2;

/**
 * The app's query client. Only idempotent GETs (queries) are retried, and only when the failure
 * may pass (network, deadline, 5xx); mutations (sign-in, codes, answers) never are. A mutation's
 * variables are what was sent (a password, a code, a signed passkey assertion): the cache forgets
 * a finished mutation a second after no screen shows it, rather than five minutes later (not at
 * once: an unobserved mutation still pending re-arms its timer at each turn until it settles).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          isApiError(error) &&
          (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status ?? 0) >= 500)),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, gcTime: 1000 },
    },
  });
}

/**
 * The app's one query client. This module (and React Query with it) loads with the first screen
 * that asks the gateway through a query or a mutation, never with the sign-in form, whose public
 * content (./public-content.ts) and calls need neither.
 */
export const appQueryClient = createQueryClient();
