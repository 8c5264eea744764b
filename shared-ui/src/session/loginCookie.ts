import { readCookie, removeCookie, writeCookie } from '../cookies';
import { ANSWERS_CHANGED_COOKIE, LOGIN_COOKIE } from './loginCookieName';

export { LOGIN_COOKIE };

export function setLoginCookie(token: string): void {
  writeCookie(LOGIN_COOKIE, token, {
    path: '/',
    sameSite: 'Strict',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

export function removeLoginCookie(): void {
  removeCookie(LOGIN_COOKIE, { path: '/' });
  removeCookie(ANSWERS_CHANGED_COOKIE, { path: '/' });
}

/** Notes that this browser may just have changed what a signed-in page shows (ANSWERS_CHANGED_COOKIE): a new value each time. */
export function noteAnswersChanged(): void {
  writeCookie(ANSWERS_CHANGED_COOKIE, `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, {
    path: '/',
    sameSite: 'Strict',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

/** A cheap hint that someone is signed in, readable before the auth SDK has loaded. */
export function hasLoginCookie(): boolean {
  return Boolean(loginCookieToken());
}

/** The ID token the cookie holds (as the SDK last refreshed it), or null. */
export function loginCookieToken(): string | null {
  return readCookie(LOGIN_COOKIE) || null;
}
