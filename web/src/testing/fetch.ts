import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Replaces `fetch` with a fresh mock before each test of the suite it is called in, and puts the real one back
 * after; the tests answer through the returned mock.
 */
export function stubFetchEachTest() {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
