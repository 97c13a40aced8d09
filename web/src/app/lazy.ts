import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** React.lazy for a module's named export, so every route is its own chunk without default exports. */
export function lazyNamed<P extends object, K extends string>(
  factory: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await factory())[name] }));
}
