/**
 * Route guard of spec 000 section 2, as pure decisions so they can be tested without a browser.
 */
import { NEXT_KEY } from '@/lib/return-path';

/** Paths a visitor without a token may open; /forgetpassword includes its child createpassword; an invited
 * colleague opens /team/invitation before having a password. */
const PUBLIC_PATHS = ['/login', '/register', '/forgetpassword', '/team/invitation'] as const;

const LOGIN_PATH = '/login';
const BOOKINGS_PATH = '/dashboard/bookings';

/** Lower-case and without a trailing slash: React Router matches paths case-insensitively too. */
function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.replace(/\/+$/, '') || '/' : lower;
}

export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

export function isLoginPath(pathname: string): boolean {
  return normalizePath(pathname) === LOGIN_PATH;
}

/**
 * Where the guard sends the user, or null to stay:
 * - no token and the path is not login, register or forgetpassword: /login;
 * - a token and the path is /login: /dashboard/bookings.
 */
export function guardRedirect(pathname: string, hasToken: boolean): string | null {
  if (!hasToken && !isPublicPath(pathname)) return LOGIN_PATH;
  if (hasToken && isLoginPath(pathname)) return BOOKINGS_PATH;
  return null;
}

/**
 * The login screen that, once signed in, leads to `target` (a path with its query and fragment): what a
 * deep link opened signed out becomes. The entries that lead to the default screen anyway carry nothing, nor
 * does a path that is no screen (`isScreen`: the route table's): it would lead to the not-found page.
 */
export function loginLeadingTo(
  target: string,
  reason?: 'signedOut',
  isScreen: (path: string) => boolean = () => true,
): string {
  const query = new URLSearchParams();
  if (reason) query.set(reason, '1');
  const path = normalizePath(target.split(/[?#]/, 1)[0]);
  const leadsElsewhere = path !== '/' && path !== '/dashboard' && !isPublicPath(path);
  if (leadsElsewhere && isScreen(target)) query.set(NEXT_KEY, target);
  const search = query.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}

/** The dashboard entry (/dashboard itself): bookings with a token, login without. */
export function dashboardEntry(hasToken: boolean): string {
  return hasToken ? BOOKINGS_PATH : LOGIN_PATH;
}
