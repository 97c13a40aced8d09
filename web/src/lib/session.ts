/**
 * The browser-side session: the `token` cookie (path `/`, spec 000 section 3), the stored `role`
 * (accountType: 0 staff, 1 individual, 2 domestic company, 3 foreign company) and the staff `roles`
 * from the login answer (`admin`, `auditor`).
 */
import type { paths } from '@/types/api';
import type { Answer } from '@/types/contract';
import { dropKeptDraftsOf, dropKeptDraftsOfOthers } from './kept-draft';
import { getToken, personOf, TOKEN_COOKIE } from './token';

export { getToken };
export const ROLE_KEY = 'role';
const ROLES_KEY = 'roles';

/** 0 staff, 1 individual, 2 domestic company, 3 foreign company. */
export type AccountType = 0 | 1 | 2 | 3;

/** "Remember me" keeps the cookie for this long; otherwise it lives for the browser session. */
const REMEMBER_ME_SECONDS = 7 * 24 * 60 * 60;

function setCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (options.maxAgeSeconds !== undefined) cookie += `; max-age=${options.maxAgeSeconds}`;
  if (window.location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export function hasToken(): boolean {
  return getToken() !== undefined;
}

/** Whether the signed-in user ticked "Remember me", so a renewed token keeps the cookie's lifetime. */
const REMEMBER_KEY = 'rememberMe';

export function setToken(token: string, options: { remember?: boolean } = {}): void {
  setCookie(TOKEN_COOKIE, token, options.remember ? { maxAgeSeconds: REMEMBER_ME_SECONDS } : {});
  if (options.remember) localStorage.setItem(REMEMBER_KEY, '1');
  else localStorage.removeItem(REMEMBER_KEY);
}

/**
 * A new token for the same session (a password change ends every older token), kept as long as before. Only
 * while the cookie still names the person it is for (decision 3904): if she logged out in another tab while
 * the change was on its way, or someone else signed in there, the cookie stays as it is (her log-out stands,
 * the other person stays signed in) and the new token, which no tab will use, is ended on the server.
 */
export function renewToken(token: string): void {
  const current = getToken();
  if (current === undefined || personOf(current) !== personOf(token)) {
    void logOutOnServer(token);
    return;
  }
  setToken(token, { remember: localStorage.getItem(REMEMBER_KEY) === '1' });
}

export function getRole(): AccountType | null {
  const raw = localStorage.getItem(ROLE_KEY);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return value === 0 || value === 1 || value === 2 || value === 3 ? value : null;
}

function setRole(accountType: number): void {
  localStorage.setItem(ROLE_KEY, String(accountType));
}

export function getRoles(): string[] {
  const raw = localStorage.getItem(ROLES_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

function setRoles(roles: readonly string[]): void {
  localStorage.setItem(ROLES_KEY, JSON.stringify(roles));
}

export function isStaff(roles: readonly string[] = getRoles()): boolean {
  return roles.includes('admin') || roles.includes('auditor');
}

/** The login answer (customers' tests may leave out the staff roles). */
export type LoginResult = Pick<Answer<'auth_login'>, 'token' | 'accountType'> &
  Partial<Pick<Answer<'auth_login'>, 'roles'>>;

// The last session was ended by the server (a 401), not by logging out: the login page says why whichever
// way the app gets there, the 401's own redirect or the guard's once the cookie is gone. Kept beside the
// cookie, not in memory: an open tab's 401 (its live stream ended with the session) can drop the cookie just
// before another page load, whose guard then finds no cookie and must still know why.
const ENDED_BY_SERVER_KEY = 'sessionEndedByServer';

/** Whether the last session was ended by the server's refusal rather than by logging out. */
export function sessionEndedByServer(): boolean {
  return localStorage.getItem(ENDED_BY_SERVER_KEY) === '1';
}

/**
 * Whose session this tab shows (decision 3893): the person the cookie named when the page loaded, or who signed
 * in within the tab since. The cookie is every tab's; this is the tab's own, so that it can tell when someone
 * else has signed in on the browser meanwhile. Undefined while the tab shows no one (signed out).
 */
let shownPerson: string | undefined = typeof document === 'undefined' ? undefined : personOf();

/**
 * The cookie compared with whose session the tab shows: `same` (the same person, a renewed token too, or a tab
 * that showed no one, which from now on shows whoever the cookie names), `signedOut` (no one is signed in any
 * more) or `someoneElse` (another person signed in on this browser, in another tab).
 */
export type TabSession = 'same' | 'signedOut' | 'someoneElse';

export function tabSession(): TabSession {
  const token = getToken();
  if (shownPerson === undefined) {
    shownPerson = personOf(token);
    return 'same';
  }
  if (token === undefined) return 'signedOut';
  return personOf(token) === shownPerson ? 'same' : 'someoneElse';
}

/**
 * Whether the cookie names another person than the one this tab shows (3893): someone else signed in, in
 * another tab. Such a tab neither uses nor ends that session (decision 3904). A tab that shows no one has no
 * one else: it takes whoever the cookie names.
 */
function cookieIsSomeoneElses(): boolean {
  const token = getToken();
  return shownPerson !== undefined && token !== undefined && personOf(token) !== shownPerson;
}

/**
 * Records a successful login: the cookie, `role` = accountType and the staff `roles`. A cookie it replaces
 * that named another person is ended on the server (decision 3904): the browser forgets that token, so no one
 * here could log it out any more, and a copy of it would otherwise work until it expired. The same person's
 * older token is left to expire: her other tabs may have requests on their way with it, which would be
 * refused and end her new session in this browser with them.
 */
export function startSession(result: LoginResult, options: { remember?: boolean } = {}): void {
  const replaced = getToken();
  const replacedPerson = personOf(replaced);
  if (replaced !== undefined && replacedPerson !== undefined && replacedPerson !== personOf(result.token)) {
    void logOutOnServer(replaced);
  }
  localStorage.removeItem(ENDED_BY_SERVER_KEY);
  setToken(result.token, options);
  setRole(result.accountType);
  setRoles(result.roles ?? []);
  shownPerson = personOf(result.token);
  // Someone else signing in on this tab (a shared computer) never sees what the last person wrote (3888).
  dropKeptDraftsOfOthers(personOf(result.token));
}

/** Where a log-out ends this session on the server too (decision 3901): its token opens nothing from then on. */
export const LOGOUT_PATH = '/auth/api/v1/logout' satisfies keyof paths;

/**
 * Tells the server this session has ended. `keepalive`: the request outlives the page the person is leaving;
 * its answer is never waited for, and a failure (offline, the server down) leaves the browser signed out all
 * the same. The promise settles when the server answered or the request failed: it never rejects.
 */
function logOutOnServer(token: string): Promise<void> {
  try {
    return fetch(LOGOUT_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
      credentials: 'same-origin',
    }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/**
 * Log out, or a 401 (`byServer`): the token cookie and the stored role (and roles) go, at once. Logging out on
 * purpose also ends the session on the server (the answer it returns settles when the server answered; no one
 * needs to wait for it); a session the server ended needs no telling.
 *
 * A tab whose cookie now names someone else (3893: another person signed in, in another tab) ends only its own
 * part (decision 3904): it forgets whom it showed and, logging out on purpose, her kept drafts; it sends
 * nothing and leaves the cookie, the role and the rest of the other person's session alone.
 */
export function endSession(options: { byServer?: boolean } = {}): Promise<void> {
  if (cookieIsSomeoneElses()) {
    if (!options.byServer) dropKeptDraftsOf(shownPerson);
    shownPerson = undefined;
    return Promise.resolve();
  }
  const token = getToken();
  const told = !options.byServer && token !== undefined ? logOutOnServer(token) : Promise.resolve();
  if (options.byServer) localStorage.setItem(ENDED_BY_SERVER_KEY, '1');
  else {
    localStorage.removeItem(ENDED_BY_SERVER_KEY);
    // Logged out on purpose: nothing she typed stays for whoever signs in next (decision 3881). Another
    // person's draft, kept when someone else signed in over her session (3893), stays for her alone (3888).
    dropKeptDraftsOf(personOf());
  }
  shownPerson = undefined;
  removeCookie(TOKEN_COOKIE);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(ROLES_KEY);
  localStorage.removeItem(REMEMBER_KEY);
  return told;
}
