/**
 * Where the keyboard goes when the page changes (record 3875): to the page's main heading, focusable by
 * script only (tabindex -1) and focused without scrolling, so a screen reader reads the new page from its
 * title and the next Tab starts at its content, not at the document's top and its header and menu stops.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const HEADING = 'main h1';
/** A page still loading its data shows its heading later; past this its heading is not waited for. */
const WAIT_MS = 10_000;

/** Focuses the page's main heading if it is shown; whether it now has the focus. A modal dialog the page
 * opened by itself (a form kept through the end of a session, record 3881) keeps the keyboard: the page
 * behind it is not the person's place, and the heading's turn is over. */
export function focusHeadingNow(): boolean {
  if (document.activeElement?.closest('[aria-modal="true"]')) return true;
  const heading = document.querySelector<HTMLElement>(HEADING);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/**
 * Focuses the page's main heading now, or once the page shows it, unless the person acts first (a key or a
 * pointer: their place wins). Returns what stops the waiting.
 */
export function focusPageHeading(): () => void {
  if (focusHeadingNow()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusHeadingNow()) stop();
  });
  const timer = window.setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
}

/** Whether the keyboard's place went with what was removed: focus fell to the document's body. */
export function focusWasLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * On a change of path, the new page's heading takes the focus. Not on the app's first page (the browser
 * starts at the document, as on any site), and not when only the query or fragment changes: those are the
 * page's own (its tabs, filters, sorting), and it keeps the focus where the person is.
 */
export function useHeadingFocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return undefined;
    shown.current = pathname;
    return focusPageHeading();
  }, [pathname]);
}

/**
 * Within one page a new step (the sign-up's, a booking's) replaces the part that held the focus: when the
 * focus fell to the body with it, the page's heading takes it. Never when the focus is still somewhere (a
 * step moved on by someone else while the person reads on).
 */
export function useHeadingFocusOnStep(step: unknown) {
  const shown = useRef(step);
  useEffect(() => {
    if (Object.is(shown.current, step)) return;
    shown.current = step;
    if (focusWasLost()) focusHeadingNow();
  }, [step]);
}
