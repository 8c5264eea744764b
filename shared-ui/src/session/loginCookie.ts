import Cookies from 'js-cookie';

/** The cookie holding the user's ID token (spec section 3). The user service never reads it. */
export const LOGIN_COOKIE = 'loginCookie';

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
  return Boolean(Cookies.get(LOGIN_COOKIE));
}
