/**
 * The `token` cookie (path `/`, spec 000 section 3) and who it names. Apart from the session's other parts so
 * that what only needs to know who is signed in (the kept drafts, decision 3888) can read it without the
 * session, which itself uses them.
 */

export const TOKEN_COOKIE = 'token';

function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return undefined;
}

export function getToken(): string | undefined {
  const token = getCookie(TOKEN_COOKIE);
  return token ? token : undefined;
}

/**
 * The person a token was issued to: its `sub` claim, the account id, the same through every token of hers (a
 * renewed one too). Read, not verified: the server verifies every request; this only tells people apart in
 * this browser. Undefined when there is no token or it names no one.
 */
export function personOf(token: string | undefined = getToken()): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    // base64url; atob takes it without its padding (forgiving base64).
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub: unknown = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}
