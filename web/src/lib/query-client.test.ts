// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

describe('retry rule', () => {
  it('retries once, then gives up', () => {
    expect(shouldRetry(0, new ApiError(503))).toBe(true);
    expect(shouldRetry(1, new ApiError(503))).toBe(false);
    expect(shouldRetry(0, new Error('network'))).toBe(true);
  });

  it('never retries 401, 403, 404 or 500', () => {
    expect(shouldRetry(0, new ApiError(401))).toBe(false);
    expect(shouldRetry(0, new ApiError(403))).toBe(false);
    expect(shouldRetry(0, new ApiError(404))).toBe(false);
    expect(shouldRetry(0, new ApiError(500))).toBe(false);
  });
});

describe('query client defaults', () => {
  function fastClient() {
    const client = createQueryClient();
    client.setDefaultOptions({
      ...client.getDefaultOptions(),
      queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
    });
    return client;
  }

  it('calls a failing query twice at most', async () => {
    const client = fastClient();
    const queryFn = vi.fn().mockRejectedValue(new ApiError(503));
    await expect(client.fetchQuery({ queryKey: ['flaky'], queryFn })).rejects.toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('calls a 401 or 500 query once', async () => {
    for (const status of [401, 500]) {
      const client = fastClient();
      const queryFn = vi.fn().mockRejectedValue(new ApiError(status));
      await expect(client.fetchQuery({ queryKey: ['denied', status], queryFn })).rejects.toBeInstanceOf(ApiError);
      expect(queryFn).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps cached data fresh forever and does not refetch on focus or interval', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(Infinity);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.refetchInterval).toBe(false);
  });
});
