import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * After a refused submit, once its errors show: the first field marked invalid under `root`, in reading
 * order, takes focus, so a screen reader says its name and its error (the field's aria-describedby). Reading
 * order, not react-hook-form's own: that one follows when each field registered, which puts a `Controller`
 * (a dropdown, a date) after every `register`ed input. `attempt` counts the submits (`submitCount`).
 */
export function useFocusFirstInvalid(root: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt > 0) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [root, attempt]);
}
