import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';

const MAX_RETRIES = 2;

/**
 * The app's query client. Only idempotent GETs (queries) are retried, and only when the failure
 * may pass (network, deadline, 5xx); mutations (sign-in, codes, answers) never are.
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
      mutations: { retry: false },
    },
  });
}
