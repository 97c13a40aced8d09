import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadCatalogues } from '@/i18n';

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
    const [module] = await Promise.all([factory(), words()]);
    return { default: module[name] };
  });
}
