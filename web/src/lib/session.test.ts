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
