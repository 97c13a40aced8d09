import type { Ref, RefCallback } from 'react';

/** One ref callback that feeds several refs (a component's own and the one a form library passes). */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (node: T | null) => {
    const cleanups: Array<() => void> = [];
    for (const ref of refs) {
      if (typeof ref === 'function') {
        const cleanup = ref(node);
        if (typeof cleanup === 'function') cleanups.push(cleanup);
      } else if (ref) {
        (ref as { current: T | null }).current = node;
      }
    }
    if (cleanups.length === 0) return undefined;
    return () => cleanups.forEach((cleanup) => cleanup());
  };
}
