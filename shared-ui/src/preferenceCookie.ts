/**
 * A first-party cookie that keeps a visitor's preference where the site's server reads it (the
 * language, the cohort id): the whole site, sent on navigations from other sites, a year, secure on
 * HTTPS. The browser (js-cookie, storage.ts) and the site's server (a first visit's cohort id) set
 * it alike. No DOM here: the server imports it.
 */
export const PREFERENCE_COOKIE = { path: '/', sameSite: 'Lax', days: 365 } as const;
