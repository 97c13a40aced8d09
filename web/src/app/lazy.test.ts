import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrReload, RELOADED_AT } from './lazy';

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x-1a2b.js'));

describe("a screen's chunk that will not load", () => {
  afterEach(() => sessionStorage.clear());

  it('loads the page again once: a new release replaced the chunks this page was built with', async () => {
    const reload = vi.fn();
    void loadOrReload(gone, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_AT)).toBe(window.location.href);
  });

  it('fails, not reloads, when it fails again at the address it reloaded at', async () => {
    sessionStorage.setItem(RELOADED_AT, window.location.href);
    const reload = vi.fn();
    await expect(loadOrReload(gone, reload)).rejects.toThrow(/dynamically imported/);
    expect(reload).not.toHaveBeenCalled();
  });

  it('fails, not reloads, while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    await expect(loadOrReload(gone, reload)).rejects.toThrow();
    expect(reload).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('forgets the reload once a chunk loads, so a later release reloads again', async () => {
    sessionStorage.setItem(RELOADED_AT, window.location.href);
    expect(await loadOrReload(() => Promise.resolve('screen'))).toBe('screen');
    expect(sessionStorage.getItem(RELOADED_AT)).toBeNull();
  });
});
