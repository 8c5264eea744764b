// The login token's one reading, for the browser and the site's server alike: the Firebase ID token
// the login cookie holds, decoded, and judged fresh enough to use by one rule. Decoded, not verified:
// the user service verifies every token it is sent, and nothing read here is shown or kept unless
// the service has answered with that token (the server draws a page only from its answers; the
// browser takes an answer read ahead only for the user the auth SDK then says is signed in).
// No DOM here: the server imports it.
import { decodeJwt } from 'jose';
import type { SessionUser } from './sessionUser';

/**
 * A token with less than this left before it expires is not used ahead of the auth SDK: not sent
 * by a read ahead (shell/src/signedIn/readAhead.ts), not drawn with by the server (a signed-in
 * page is served as its loading status instead). The SDK refreshes a token five minutes before it
 * expires and the session writes the new one to the cookie, so a token this close to its end is
 * one the browser is replacing: the page reads with the new one.
 */
export const LOGIN_TOKEN_MIN_VALIDITY_MS = 60_000;

/** What a login token says: whose it is, and when it expires (ms since the epoch). */
export interface LoginToken {
  user: SessionUser;
  expiresAt: number;
}

/** A login token's claims (a JWT with a subject and an expiry), or null for anything else. */
export function readLoginToken(token: string | null | undefined): LoginToken | null {
  if (!token) return null;
  try {
    const { sub, exp, email, name } = decodeJwt(token);
    if (!sub || typeof exp !== 'number') return null;
    return {
      user: { uid: sub, email: typeof email === 'string' ? email : null, name: typeof name === 'string' && name.trim() ? name.trim() : null },
      expiresAt: exp * 1000,
    };
  } catch {
    return null;
  }
}

/** The token's claims while it has at least LOGIN_TOKEN_MIN_VALIDITY_MS left at `now`; else null. */
export function freshLoginToken(token: string | null | undefined, now: number = Date.now()): LoginToken | null {
  const login = readLoginToken(token);
  return login !== null && login.expiresAt - now >= LOGIN_TOKEN_MIN_VALIDITY_MS ? login : null;
}
