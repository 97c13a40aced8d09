import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, onSomeoneElseSignedIn, onUnauthorized, tabStillShowsTheSignedInPerson } from '@/lib/api-client';
import { recordEvents } from '@/features/tracking/api/tracking-admin';
import { useKeptDraft } from '@/lib/kept-draft';
import { endSession, getToken, renewToken, setToken, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { tokenFor } from '@/testing/token';
import { leadToWhoIsSignedIn, OVERVIEW_PATH, someoneElseNotice } from './someone-else-signed-in';

const ok = <T>(response: T) =>
  new Response(JSON.stringify({ isSuccess: true, isError: false, error: null, response }), { status: 200 });

const keptDrafts = () =>
  Object.keys(sessionStorage)
    .filter((key) => key.startsWith('keptDraft:'))
    .map((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown);

/** Another tab of the browser: its log-out and login change the cookie this tab reads, not this tab's memory. */
function inAnotherTab(token: string | undefined): void {
  if (token === undefined) document.cookie = 'token=; path=/; max-age=0';
  else setToken(token);
}

describe('a tab never acts as someone other than the person it shows (decision 3893)', () => {
  const fetchMock = stubFetchEachTest();
  let client: QueryClient;
  const go = vi.fn();

  beforeEach(() => {
    go.mockReset();
    client = new QueryClient();
    client.setQueryData(['booking', 'detail', 'hers'], { reference: 'BK-HERS' });
    onSomeoneElseSignedIn(leadToWhoIsSignedIn(client, go));
    startSession({ token: tokenFor('alice'), accountType: 3 });
  });

  afterEach(() => {
    onSomeoneElseSignedIn(null);
    onUnauthorized(null);
    sessionStorage.clear();
  });

  it('sends nothing once someone else signed in, forgets what it shows and opens the overview', async () => {
    inAnotherTab(tokenFor('bob'));

    const error = await api
      .post('/booking/api/v1/client/rate-requests/hers/cancellation', { reason: 'x' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(go).toHaveBeenCalledExactlyOnceWith(OVERVIEW_PATH);
    expect(someoneElseNotice()).toBe('signedIn');
    expect(getToken()).toBe(tokenFor('bob')); // his session, in his tab, goes on
  });

  it('sends nothing more until the page has changed, and leads there once', async () => {
    inAnotherTab(tokenFor('bob'));
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.post('/c')]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('sends nothing made outside the api either: a staff member recording tracking events', async () => {
    inAnotherTab(tokenFor('bob'));
    await expect(recordEvents([{ eventType: 'TRANSPORT' }])).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(go).toHaveBeenCalledExactlyOnceWith(OVERVIEW_PATH);
  });

  it('keeps her open dialog text for her alone, and says so', async () => {
    const dialog = renderHook(() => useKeptDraft('cancel', ''));
    act(() => dialog.result.current.setOpen(true));
    act(() => dialog.result.current.setValue('The buyer withdrew'));
    inAnotherTab(tokenFor('bob'));

    await api.post('/c', { reason: 'The buyer withdrew' }).catch(() => undefined);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(keptDrafts()).toEqual([{ value: 'The buyer withdrew', person: 'alice' }]);
    expect(someoneElseNotice()).toBe('draftKept');
    dialog.unmount();
    // He logs out on this tab: his drafts would go, hers stays for her (3888) ...
    endSession();
    expect(keptDrafts()).toEqual([{ value: 'The buyer withdrew', person: 'alice' }]);
    // ... and she has it back once she has signed in again.
    startSession({ token: tokenFor('alice', 2), accountType: 3 });
    const back = renderHook(() => useKeptDraft('cancel', ''));
    expect(back.result.current).toMatchObject({ value: 'The buyer withdrew', open: true, kept: true });
  });

  it('goes on as before for the same person with a renewed token', async () => {
    renewToken(tokenFor('alice', 2));
    fetchMock.mockResolvedValue(ok({ done: true }));

    await expect(api.post('/c', {})).resolves.toEqual({ done: true });

    const headers = (fetchMock.mock.calls[0] as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${tokenFor('alice', 2)}`);
    expect(go).not.toHaveBeenCalled();
    expect(client.getQueryData(['booking', 'detail', 'hers'])).toEqual({ reference: 'BK-HERS' });
    expect(tabStillShowsTheSignedInPerson()).toBe(true);
  });

  it('sends nothing once no one is signed in, and leads to the login as a 401 does', async () => {
    const toLogin = vi.fn();
    onUnauthorized(toLogin);
    inAnotherTab(undefined);

    const error = (await api.post('/c', {}).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toLogin).toHaveBeenCalledOnce();
    expect(go).not.toHaveBeenCalled();
  });

  it('finds the change when the tab is looked at again, before anything is sent', () => {
    inAnotherTab(tokenFor('bob'));
    expect(tabStillShowsTheSignedInPerson()).toBe(false);
    expect(go).toHaveBeenCalledExactlyOnceWith(OVERVIEW_PATH);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('shows whoever signs in within the tab itself', async () => {
    endSession();
    startSession({ token: tokenFor('bob'), accountType: 1 });
    fetchMock.mockClear(); // the log-out's own request to the server (decision 3901)
    fetchMock.mockResolvedValue(ok(null));
    await api.get('/mine');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(go).not.toHaveBeenCalled();
  });
});
