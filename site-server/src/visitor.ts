// The visitor's cohort id on the server: read from its cookie, or made on a first visit and set
// on the page's response, so that the server renders the version the browser will load (the shell
// reads the same cookie: shell/src/remotes/visitor.ts). And the login cookie: whether the visitor
// looks signed in, and the token a signed-in page is drawn with (the service verifies it). And the
// language a page is drawn in: its address's, else the visitor's cookie (the browser's rule too).
import { LOCALE_COOKIE, LOCALE_PARAM, localeFrom, type Locale } from '@site/shared-ui/locales';
import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import { isVisitorId, VISITOR_ID } from '@site/shared-ui/remotes-document';
import { PREFERENCE_COOKIE } from '@site/shared-ui/preference-cookie';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomUUID } from 'node:crypto';
import { visitorUsesHttps } from './proxy';

const ofRequest = new WeakMap<Request, string>();

export function visitorIdOf(c: Context): string {
  const known = ofRequest.get(c.req.raw);
  if (known) return known;
  const saved = getCookie(c, VISITOR_ID);
  let id: string;
  if (isVisitorId(saved)) id = saved;
  else {
    id = randomUUID();
    const { path, sameSite, days } = PREFERENCE_COOKIE;
    setCookie(c, VISITOR_ID, id, { path, sameSite, maxAge: days * 86_400, secure: visitorUsesHttps(c) });
  }
  ofRequest.set(c.req.raw, id);
  return id;
}

/**
 * The request carries the login cookie (not empty, as the browser reads it): a hint, never
 * verified here (a signed-in page's code is public; its data is the service's, which verifies
 * every token).
 */
export function looksSignedIn(c: Context): boolean {
  return Boolean(loginTokenOf(c));
}

/** The login cookie's value (the user's ID token, as the browser last refreshed it), or null. */
export function loginTokenOf(c: Context): string | null {
  return getCookie(c, LOGIN_COOKIE) || null;
}

/** The language of the page a request asks for: `?lang=` of its address, else its language cookie, else Romanian. */
export function localeOf(c: Context): Locale {
  return localeFrom({ param: c.req.query(LOCALE_PARAM) ?? null, cookie: getCookie(c, LOCALE_COOKIE) ?? null });
}
