import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Statuses that are never retried: 401 (the session is gone), 500 (retrying will not help), and 403 and
 * 404 (the answer is final; a retry only delays the not-found screen).
 */
const NO_RETRY_STATUSES = new Set([401, 403, 404, 500]);

/** Spec 000 section 9: a failed request is retried at most once, never on 401 or 500 (nor 403, 404). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && NO_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
