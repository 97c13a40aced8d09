import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, getToken, renewToken, setToken } from './session';

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
