/**
 * A tab that finds someone else signed in on the browser (decision 3893). The cookie is the browser's one
 * session: another tab's login replaced it. This tab stops acting for the person it showed (the API client
 * sends nothing more), forgets everything it holds of her (the cached data, and with the page load every
 * screen's state) and opens the overview of the person signed in now, saying why.
 */
import type { QueryClient } from '@tanstack/react-query';
import { hasKeptDrafts } from '@/lib/kept-draft';

/** Where the tab goes: everyone's home, the staff's work queue or the customer's bookings at a glance. */
export const OVERVIEW_PATH = '/dashboard/overview';

// In the tab's sessionStorage: the overview the tab opens says why, once.
const NOTICE_KEY = 'someoneElseSignedIn';

/**
 * What the overview says: that someone else signed in, and whether a form's text was kept for its writer; or
 * (`loggedOut`) that the person this tab showed logged out here after someone else had signed in (3904).
 */
export type SomeoneElseNotice = 'signedIn' | 'draftKept' | 'loggedOut';

function openPage(path: string): void {
  window.location.replace(path);
}

/**
 * What the API client calls when the cookie names another person than the tab shows. Once per page.
 * `loggedOut`: she logged out in this tab (or out of all sessions) after someone else had signed in (3904):
 * nothing of theirs was ended, and the overview says she is logged out and their session goes on. Not the
 * login page: it cannot be shown while someone is signed in (it sends them on to the overview).
 */
export function leadToWhoIsSignedIn(
  client: QueryClient,
  go: (path: string) => void = openPage,
): (loggedOut?: boolean) => void {
  let leaving = false;
  const say = (notice: SomeoneElseNotice) => {
    try {
      sessionStorage.setItem(NOTICE_KEY, notice);
    } catch {
      // storage switched off: the tab still changes, without its notice
    }
  };
  return (loggedOut = false) => {
    // Her click on Log out can come just after the tab found the change (the window's focus comes first),
    // while the overview is loading: it then says that she is logged out.
    if (leaving) {
      if (loggedOut) say('loggedOut');
      return;
    }
    leaving = true;
    client.clear();
    say(loggedOut ? 'loggedOut' : hasKeptDrafts() ? 'draftKept' : 'signedIn');
    // A page load, not a route change: nothing of the previous person's screens stays in memory.
    go(OVERVIEW_PATH);
  };
}

/**
 * The notice the tab's overview shows after the change. Read without removing it, as a render may be dropped
 * before it is shown (a lazy screen suspends it): `forgetSomeoneElseNotice` once it is on the screen.
 */
export function someoneElseNotice(): SomeoneElseNotice | null {
  try {
    const value = sessionStorage.getItem(NOTICE_KEY);
    return value === 'signedIn' || value === 'draftKept' || value === 'loggedOut' ? value : null;
  } catch {
    return null;
  }
}

/** Said once: a later page load of the tab does not say it again. */
export function forgetSomeoneElseNotice(): void {
  try {
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // storage switched off: nothing was kept
  }
}
