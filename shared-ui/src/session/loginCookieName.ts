/**
 * The cookie holding the user's ID token (spec section 3). The user service never reads it; the
 * site's server reads only whether it is there (a hint: a signed-in page is served drawn as its
 * loading status, with its preloads). No DOM here: the server imports it.
 */
export const LOGIN_COOKIE = 'loginCookie';
