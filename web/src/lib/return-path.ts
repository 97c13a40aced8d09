/**
 * Where a person goes once signed in: the page a deep link pointed at, carried through the login in /login's
 * `next` (the address, so the reload after login still knows it).
 */

/** The query key of /login that names where to go once signed in. */
export const NEXT_KEY = 'next';

/**
 * The path to go to from /login's `next`: only a path of this origin (never another site, a
 * protocol-relative `//host`, a `/\\host` that some browsers read as one, or a `javascript:` address, so a
 * crafted link cannot send someone away once signed in), and never /login itself. null: the default screen.
 */
export function nextAfterLogin(next: string | null, origin: string): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
