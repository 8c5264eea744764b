import Cookies from 'js-cookie';
import { LOGIN_COOKIE } from './loginCookieName';

export { LOGIN_COOKIE };

export function setLoginCookie(token: string): void {
  Cookies.set(LOGIN_COOKIE, token, {
    path: '/',
    sameSite: 'Strict',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

export function removeLoginCookie(): void {
  Cookies.remove(LOGIN_COOKIE, { path: '/' });
}

/** A cheap hint that someone is signed in, readable before the auth SDK has loaded. */
export function hasLoginCookie(): boolean {
  return Boolean(loginCookieToken());
}

/** The ID token the cookie holds (as the SDK last refreshed it), or null. */
export function loginCookieToken(): string | null {
  return Cookies.get(LOGIN_COOKIE) || null;
}
