import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { getToken, setToken } from '@/lib/session';
import { envelope, renderWithProviders } from '@/testing/render';
import { EndAllSessions } from './end-all-sessions';

describe('EndAllSessions', () => {
  const fetchMock = stubFetchEachTest();

  beforeEach(() => {
    setToken('jwt-1');
  });

  it('ends every session on the server, then this one', async () => {
    fetchMock.mockResolvedValue(envelope({ message: 'Logged out of all sessions' }));
    renderWithProviders(<EndAllSessions />, { route: '/dashboard/profile?security=true' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out of all sessions' }));
    await waitFor(() => expect(getToken()).toBeUndefined());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/api/v1/logout-all');
    expect(init.method).toBe('POST');
  });
});
