import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { endSession, getToken, LOGOUT_PATH, renewToken, setToken } from './session';

describe('renewToken', () => {
  afterEach(() => {
    endSession();
    vi.restoreAllMocks();
  });

  it('keeps a remembered session remembered', () => {
    setToken('old', { remember: true });
    const cookies = vi.spyOn(document, 'cookie', 'set');
    renewToken('new');
    expect(getToken()).toBe('new');
    expect(cookies).toHaveBeenCalledWith(expect.stringContaining('max-age=604800'));
  });

  it('keeps a browser-session cookie a browser-session cookie', () => {
    setToken('old');
    const cookies = vi.spyOn(document, 'cookie', 'set');
    renewToken('new');
    expect(getToken()).toBe('new');
    expect(cookies).toHaveBeenCalledWith(expect.not.stringContaining('max-age'));
  });
});

describe('why the session ended', () => {
  afterEach(() => {
    endSession();
    vi.resetModules();
  });

  it('is still known after a page load, as the cookie is gone', async () => {
    setToken('t');
    endSession({ byServer: true });
    vi.resetModules(); // a new page: the module's memory is new, the browser's storage is not
    const reloaded = await import('./session');
    expect(reloaded.getToken()).toBeUndefined();
    expect(reloaded.sessionEndedByServer()).toBe(true);
  });

  it('is forgotten at the next login and at a log-out', async () => {
    const { endSession: end, sessionEndedByServer, startSession } = await import('./session');
    end({ byServer: true });
    startSession({ token: 't', accountType: 1 });
    expect(sessionEndedByServer()).toBe(false);
    end({ byServer: true });
    end();
    expect(sessionEndedByServer()).toBe(false);
  });
});

describe('logging out (decision 3901)', () => {
  const fetchMock = stubFetchEachTest();

  it('ends the session on the server with its token, and clears the cookie without waiting', async () => {
    let answer: (value: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    setToken('the-token');
    const told = endSession();
    expect(getToken()).toBeUndefined(); // cleared before the server answers
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(LOGOUT_PATH);
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer the-token');
    answer(new Response('{}', { status: 200 }));
    await told;
  });

  it('clears the cookie even when the server cannot be told', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setToken('the-token');
    await expect(endSession()).resolves.toBeUndefined();
    expect(getToken()).toBeUndefined();
    fetchMock.mockImplementation(() => {
      throw new TypeError('blocked');
    });
    setToken('another');
    await expect(endSession()).resolves.toBeUndefined();
    expect(getToken()).toBeUndefined();
  });

  it('tells the server nothing when the server ended the session, or no one was signed in', async () => {
    setToken('the-token');
    await endSession({ byServer: true });
    await endSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
