/**
 * The cookie holding the user's ID token (docs/product.md, "The session"). The user service never reads it; the
 * site's server reads only whether it is there (a hint: a page is served drawn for someone signed
 * in, a signed-in page as its loading status, with its preloads). No DOM here: the server imports it.
 */
export const LOGIN_COOKIE = 'loginCookie';

/**
 * A note this browser sets after each call it made to the user service that may have changed what
 * a signed-in page shows (an unlinked phone, a trial started): its value is new each time. The
 * site's server keeps a token's answers only under the same note, so the next page this browser
 * asks for after its own change is drawn from answers read afresh, never from before it (a change
 * made elsewhere reaches the server as the service's page changes; rendering's pageChanges.ts).
 */
export const ANSWERS_CHANGED_COOKIE = 'answersChanged';

/** The longest note the server reads (the browser's are about a dozen characters). */
export const ANSWERS_CHANGED_MAX_LENGTH = 32;

/**
 * A regular expression's source that matches a `document.cookie` holding the login cookie with a
 * value (the pre-paint script's and the shell's entry's test: no cookie library there).
 */
export const LOGIN_COOKIE_SET = `(?:^|;\\s*)${LOGIN_COOKIE}=[^;]`;
