/**
 * The cookie holding the user's ID token (docs/product.md, "The session"). The user service never reads it; the
 * site's server reads only whether it is there (a hint: a page is served drawn for someone signed
 * in, a signed-in page as its loading status, with its preloads). No DOM here: the server imports it.
 */
export const LOGIN_COOKIE = 'loginCookie';

/**
 * A regular expression's source that matches a `document.cookie` holding the login cookie with a
 * value (the pre-paint script's and the shell's entry's test: no cookie library there).
 */
export const LOGIN_COOKIE_SET = `(?:^|;\\s*)${LOGIN_COOKIE}=[^;]`;
