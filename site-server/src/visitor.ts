// The visitor's cohort id on the server: read from its cookie, or made on a first visit and set
// on the page's response, so that the server renders the version the browser will load (the shell
// reads the same cookie: shell/src/remotes/visitor.ts). The id is the server's: a random UUID and
// its keyed signature (signedVisitorId), so that a visitor cannot pick its cohort; a missing,
// altered or made-up id is replaced by a new one. And the login cookie: whether the visitor
// looks signed in, and the token a signed-in page is drawn with (the service verifies it). And the
// language a page is drawn in: its address's, else the visitor's cookie (the browser's rule too).
import { LOCALE_COOKIE, LOCALE_PARAM, localeFrom, type Locale } from '@site/shared-ui/locales';
import { ANSWERS_CHANGED_COOKIE, ANSWERS_CHANGED_MAX_LENGTH, LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import { isVisitorId, VISITOR_ID } from '@site/shared-ui/remotes-document';
import { PREFERENCE_COOKIE } from '@site/shared-ui/preference-cookie';
import { DEFAULT_THEME, isThemePreference, THEME_COOKIE } from '@site/shared-ui/theme-preference';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/contract/view-token';
import { visitorUsesHttps } from './proxy';
import { configuredSecret } from './runtimeConfig';

import { siteEnv, type Env } from './config';

/** The signature's length (base64url characters: 132 bits of an HMAC-SHA256). */
const SIGNATURE_LENGTH = 22;

/**
 * The key visitor ids are signed with, derived from the secret once per secret, as a KeyObject:
 * an HMAC keyed by a KeyObject costs about a tenth of one keyed by the secret's string or bytes
 * (1.7 µs against 12-15 µs here, measured 100,000 times each), and every page signs or checks one.
 */
const derivedKeys = new Map<string, KeyObject>();
function visitorIdKey(secret: string): KeyObject {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('visitor-id-key').digest());
    // A process has one secret (two while a test changes it): the map never grows past a few.
    if (derivedKeys.size >= 8) derivedKeys.clear();
    derivedKeys.set(secret, key);
  }
  return key;
}

const signatureOf = (secret: string, id: string) => createHmac('sha256', visitorIdKey(secret)).update(id).digest('base64url').slice(0, SIGNATURE_LENGTH);

/**
 * A visitor id as the server gives it: `<id>.<signature>`, the signature keyed by a key derived
 * from VIEW_TOKEN_SECRET (the view tokens' secret: one secret less to configure, used apart). The
 * whole value is the id the cohorts are drawn from, by the server and the shell alike.
 */
export function signedVisitorId(secret: string, id: string = randomUUID()): string {
  return `${id}.${signatureOf(secret, id)}`;
}

/** Whether a cookie's value is a visitor id this server signed. */
export function isSignedVisitorId(secret: string, value: string | undefined): value is string {
  if (!isVisitorId(value)) return false;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(secret, value.slice(0, dot)));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let keyed: { setting: string | undefined; secret: string } | null = null;
/** The secret visitor ids are signed with (VIEW_TOKEN_SECRET, checked as the view tokens check it; read once per value). */
function visitorIdSecret(env: Env = siteEnv()): string {
  if (keyed === null || keyed.setting !== env.VIEW_TOKEN_SECRET)
    keyed = { setting: env.VIEW_TOKEN_SECRET, secret: configuredSecret(env, 'VIEW_TOKEN_SECRET', LOCAL_VIEW_TOKEN_SECRET, "the user service's") };
  return keyed.secret;
}

const ofRequest = new WeakMap<Request, string>();

export function visitorIdOf(c: Context): string {
  const known = ofRequest.get(c.req.raw);
  if (known) return known;
  const saved = getCookie(c, VISITOR_ID);
  const secret = visitorIdSecret();
  let id: string;
  if (isSignedVisitorId(secret, saved)) id = saved;
  else {
    id = signedVisitorId(secret);
    const { path, sameSite, days } = PREFERENCE_COOKIE;
    setCookie(c, VISITOR_ID, id, { path, sameSite, maxAge: days * 86_400, secure: visitorUsesHttps(c) });
    firstVisitTheme(c);
  }
  ofRequest.set(c.req.raw, id);
  return id;
}

/**
 * A first visit (the request carries neither the cohort id's cookie nor the theme's) gets the
 * theme's cookie, in the default theme: the browser then reads its preferences from cookies and
 * never from localStorage as a page starts (shared-ui's preferencesInCookies: localStorage's first
 * read on a page costs tens of milliseconds of its main thread). A browser that has been here
 * (an id of its own, even one this server did not sign) may hold a theme stored in localStorage
 * before the cookie existed: it gets none here, and copies its own once its page has started.
 */
export function firstVisitTheme(c: Context): void {
  if (getCookie(c, VISITOR_ID) !== undefined || isThemePreference(getCookie(c, THEME_COOKIE))) return;
  const { path, sameSite, days } = PREFERENCE_COOKIE;
  setCookie(c, THEME_COOKIE, DEFAULT_THEME, { path, sameSite, maxAge: days * 86_400, secure: visitorUsesHttps(c) });
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

/** The browser's note of its own last change to what a signed-in page shows (ANSWERS_CHANGED_COOKIE), or null; a longer one is not the browser's and reads as none. */
export function answersChangedOf(c: Context): string | null {
  const note = getCookie(c, ANSWERS_CHANGED_COOKIE);
  return note && note.length <= ANSWERS_CHANGED_MAX_LENGTH ? note : null;
}

/** The language of the page a request asks for: `?lang=` of its address, else its language cookie, else Romanian. */
export function localeOf(c: Context): Locale {
  return localeFrom({ param: c.req.query(LOCALE_PARAM) ?? null, cookie: getCookie(c, LOCALE_COOKIE) ?? null });
}
