/**
 * A list whose rows each have their own Delete (Remove) button (record 3884). Pressing it removes the button
 * that held the focus with its row: without this the focus falls to the document's body, and a keyboard or
 * screen-reader user is thrown back to the page's start, told nothing. Instead the focus goes to the next
 * row's button (the one that takes the removed row's place), else the previous row's (the last row removed),
 * else, no row left, to the list's way of adding one or its heading; and what was removed is said in a polite
 * status region the list renders (`status`).
 */
import { useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { flushSync } from 'react-dom';

/** The attribute marking a row's Delete button within the list. */
export const REMOVES_ROW = 'data-removes-row';
/** Spread on a row's Delete button: `<Button {...rowRemover}>`. */
export const rowRemover = { [REMOVES_ROW]: '' } as const;

/** Where the focus may go when no row is left: the first of these shown and enabled (a heading is made
 * focusable by script only). */
type Fallback = HTMLElement | null | undefined;

function focusable(element: Fallback): element is HTMLElement {
  return !!element && element.isConnected && !(element as HTMLButtonElement).disabled;
}

/** Focuses the Delete button now at `index` among `list`'s (the next row's), else the one before it, else the
 * first usable fallback. */
export function focusAfterRemoval(list: ParentNode | null | undefined, index: number, fallbacks: Fallback[]): void {
  const buttons = [...(list?.querySelectorAll<HTMLElement>(`[${REMOVES_ROW}]`) ?? [])].filter(focusable);
  const target = buttons[Math.min(index, buttons.length - 1)] ?? fallbacks.find(focusable);
  if (!target) return;
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
  target.focus();
}

export interface RowRemoval {
  /** Removes the row at `index` (`apply` changes the state), moves the focus and says `said`. */
  remove: (index: number, apply: () => void, said: string) => void;
  /** The polite status region saying what was removed: render it inside the list's dialog or form. */
  status: ReactNode;
}

/** A list's removal of rows: `list` holds the rows' Delete buttons (each marked `REMOVES_ROW`), `fallbacks`
 * gives where the focus goes when no row is left (asked at removal). */
export function useRowRemoval(list: RefObject<HTMLElement | null>, fallbacks: () => Fallback[]): RowRemoval {
  const [said, setSaid] = useState('');
  const remove = (index: number, apply: () => void, words: string) => {
    // The row leaves the page now, so the focus is moved at once (not left on a removed button).
    flushSync(apply);
    focusAfterRemoval(list.current, index, fallbacks());
    setSaid(words);
  };
  const status = (
    <p role="status" className="visually-hidden">
      {said}
    </p>
  );
  return { remove, status };
}
