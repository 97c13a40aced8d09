import { useCallback, useRef } from 'react';

/**
 * Runs an act that asks the server once at a time: a second click before the first answer is ignored. A
 * button's `loading` disables it only once React draws it again, and a double click's second click lands
 * before that, which sent the same request twice (the second refused, so a success and a refusal at once).
 */
export function useOneAtATime(): (act: () => unknown) => void {
  const running = useRef(false);
  return useCallback((act: () => unknown) => {
    if (running.current) return;
    running.current = true;
    const release = () => {
      running.current = false;
    };
    try {
      // A promise holds the next click off until it settles; anything else, from the next turn on.
      void Promise.resolve(act()).finally(release);
    } catch (error) {
      release();
      throw error;
    }
  }, []);
}
