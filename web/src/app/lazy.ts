import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadCatalogues } from '@/i18n';

/** Remembers the address the page reloaded at for a new release, so a chunk that fails again there is an error
 * shown (the route's error screen), not a loop of reloads. */
export const RELOADED_AT = 'reloaded-for-release';

/**
 * `load`, or, when it fails while the browser is online, the page loaded again, once per address: a screen's
 * chunk that will not load is most often one a new release replaced (its name carries a hash) under a page
 * opened before it, and the page the server serves now has the new names.
 */
export async function loadOrReload<T>(load: () => Promise<T>, reload = () => window.location.reload()): Promise<T> {
  try {
    const loaded = await load();
    sessionStorage.removeItem(RELOADED_AT);
    return loaded;
  } catch (error) {
    const here = window.location.href;
    if (!navigator.onLine || sessionStorage.getItem(RELOADED_AT) === here) throw error;
    sessionStorage.setItem(RELOADED_AT, here);
    reload();
    // The page is going: nothing renders meanwhile.
    return new Promise<T>(() => undefined);
  }
}

/**
 * React.lazy for a module's named export, so every route is its own chunk without default exports. The
 * screen renders once its words are in too: every catalogue area unless `words` fetches fewer (the login
 * page, whose English words the entry carries).
 */
export function lazyNamed<P extends object, K extends string>(
  factory: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  words: () => Promise<void> = () => loadCatalogues(),
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [module] = await loadOrReload(() => Promise.all([factory(), words()]));
    return { default: module[name] };
  });
}
