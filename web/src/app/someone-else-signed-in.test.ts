import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  logOutOfThisTab,
  onSomeoneElseSignedIn,
  onUnauthorized,
  tabStillShowsTheSignedInPerson,
} from '@/lib/api-client';
import { recordEvents } from '@/features/tracking/api/tracking-admin';
import { keepOpenDrafts, useKeptDraft } from '@/lib/kept-draft';
import { endSession, getToken, LOGOUT_PATH, renewToken, setToken, startSession } from '@/lib/session';
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
    // A page load later the tab shows him, and he logs out on it: his drafts would go, hers stays for her
    // (3888) ...
    vi.resetModules();
    const reloaded = await import('@/lib/session');
    await reloaded.endSession();
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

describe('sessions in one browser: a tab ends only its own (decision 3904)', () => {
  const fetchMock = stubFetchEachTest();
  const go = vi.fn();

  beforeEach(() => {
    go.mockReset();
    fetchMock.mockResolvedValue(ok(null));
    onSomeoneElseSignedIn(leadToWhoIsSignedIn(new QueryClient(), go));
    startSession({ token: tokenFor('alice'), accountType: 3 });
    fetchMock.mockClear();
  });

  afterEach(() => {
    onSomeoneElseSignedIn(null);
    onUnauthorized(null);
    sessionStorage.clear();
    localStorage.clear();
  });

  it('logging out in a tab that still shows her ends nothing of the person signed in since', async () => {
    const dialog = renderHook(() => useKeptDraft('cancel', ''));
    act(() => dialog.result.current.setOpen(true));
    act(() => dialog.result.current.setValue('The buyer withdrew'));
    keepOpenDrafts(); // kept when an earlier request of hers was refused
    dialog.unmount();
    expect(keptDrafts()).toEqual([{ value: 'The buyer withdrew', person: 'alice' }]);
    inAnotherTab(tokenFor('bob'));
    localStorage.setItem('role', '1');

    await endSession();

    expect(fetchMock).not.toHaveBeenCalled(); // his token is not sent to the log-out
    expect(getToken()).toBe(tokenFor('bob'));
    expect(localStorage.getItem('role')).toBe('1');
    expect(keptDrafts()).toEqual([]); // she logged out: her words go (3881)
    expect(tabStillShowsTheSignedInPerson()).toBe(true); // the tab shows no one now: it takes him
  });

  it("the shell's log-out there leads to the person signed in, saying she is logged out", () => {
    inAnotherTab(tokenFor('bob'));
    expect(logOutOfThisTab()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe(tokenFor('bob'));
    expect(go).toHaveBeenCalledExactlyOnceWith(OVERVIEW_PATH);
    expect(someoneElseNotice()).toBe('loggedOut');
  });

  it('says she is logged out when her click follows the tab finding the change', () => {
    inAnotherTab(tokenFor('bob'));
    expect(tabStillShowsTheSignedInPerson()).toBe(false); // the window's focus, as she clicks
    expect(logOutOfThisTab()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe(tokenFor('bob'));
    expect(go).toHaveBeenCalledOnce();
    expect(someoneElseNotice()).toBe('loggedOut');
  });

  it('logging out in a tab that shows the person signed in ends her session, as before', () => {
    expect(logOutOfThisTab()).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(go).not.toHaveBeenCalled();
  });

  it('a 401 to her request, answered after he signed in, leaves his cookie and leads to him', async () => {
    const toLogin = vi.fn();
    onUnauthorized(toLogin);
    let answer: (value: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const hers = api.get('/mine').catch((e: unknown) => e);
    inAnotherTab(tokenFor('bob')); // his login ended her token (below)
    answer(new Response('{"isSuccess":false,"isError":true,"error":{"description":"x"}}', { status: 401 }));

    expect(await hers).toBeInstanceOf(ApiError);
    expect(getToken()).toBe(tokenFor('bob'));
    expect(toLogin).not.toHaveBeenCalled();
    expect(go).toHaveBeenCalledExactlyOnceWith(OVERVIEW_PATH);
  });

  it('a login over another person ends the token it replaces on the server; over her own, not', () => {
    startSession({ token: tokenFor('bob'), accountType: 1 });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(LOGOUT_PATH);
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${tokenFor('alice')}`);

    fetchMock.mockClear();
    startSession({ token: tokenFor('bob', 2), accountType: 1 });
    expect(fetchMock).not.toHaveBeenCalled(); // her other tabs may have requests on their way with it
    expect(getToken()).toBe(tokenFor('bob', 2));
  });

  it('a password change answered after someone else signed in, or after she logged out, changes no cookie', () => {
    inAnotherTab(tokenFor('bob'));
    renewToken(tokenFor('alice', 2));
    expect(getToken()).toBe(tokenFor('bob'));
    inAnotherTab(undefined);
    renewToken(tokenFor('alice', 3));
    expect(getToken()).toBeUndefined();
    // The new tokens no tab uses are ended on the server.
    const ended = fetchMock.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit).headers).get('Authorization'),
    );
    expect(ended).toEqual([`Bearer ${tokenFor('alice', 2)}`, `Bearer ${tokenFor('alice', 3)}`]);
  });

  it("a signed-out step (a password reset) goes in no one's name and whoever is signed in stays so", async () => {
    inAnotherTab(tokenFor('bob'));
    fetchMock.mockResolvedValue(
      new Response('{"isSuccess":false,"isError":true,"error":{"description":"x"}}', { status: 401 }),
    );
    await api.put('/auth/api/v1/123/reset-password', {}).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledOnce();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
    expect(getToken()).toBe(tokenFor('bob'));
    expect(go).not.toHaveBeenCalled();
  });
});
