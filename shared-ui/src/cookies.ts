// The page's cookies, as every part of the site's code reads and writes them (through js-cookie).
import Cookies from 'js-cookie';

type CookieAttributes = Cookies.CookieAttributes;

/**
 * The cookies as js-cookie last read them in the running task, kept on the page's global object
 * so that every copy of this module shares it; null: to be read again.
 */
const SNAPSHOT = Symbol.for('@site/shared-ui cookies');
const holder = globalThis as { [SNAPSHOT]?: Record<string, string> | null };

/** How many holds keep that copy beyond the running task (holdCookies), on the global object too. */
const HOLDS = Symbol.for('@site/shared-ui cookies held');
const holds = globalThis as { [HOLDS]?: number };

/**
 * The value of the cookie `name` (undefined: none, or no document: the server). Each read of
 * `document.cookie` is a synchronous call to the browser (up to 6 ms at full speed here), and
 * js-cookie makes two a call: the page's start made 22 on `/` (4-8 ms a load). So every cookie is
 * read at once, by js-cookie (the same parsing and decoding, the first of two cookies of one name),
 * and that copy answers the rest of the running code: it is forgotten once that code is done (a
 * promise's reaction, after the task's synchronous work: a write of the server's, or another tab's,
 * is seen by the next task), unless a hold keeps it (holdCookies), and at once when this page
 * writes one (writeCookie, removeCookie).
 */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  let jar = holder[SNAPSHOT];
  if (!jar) {
    const read = Cookies.get();
    holder[SNAPSHOT] = jar = read;
    void Promise.resolve().then(() => {
      if (holder[SNAPSHOT] === read && !holds[HOLDS]) holder[SNAPSHOT] = null;
    });
  }
  return jar[name];
}

/**
 * Keeps the cookies as first read (readCookie) for every read until the returned release is called,
 * across tasks: the page's start reads what the page started with (its language, its view token) in
 * several of its tasks, each read otherwise a call to the browser of its own, made as the browser is
 * busiest (the view token's read: 1.5 and 2.4 ms in two loads of `/terms`, docs/benchmark.md).
 * This page's own writes are still seen at once; another's (the server's, another tab's) only after
 * the release. Releasing twice releases once.
 */
export function holdCookies(): () => void {
  holds[HOLDS] = (holds[HOLDS] ?? 0) + 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds[HOLDS] = (holds[HOLDS] ?? 1) - 1;
    if (!holds[HOLDS]) holder[SNAPSHOT] = null;
  };
}

/** Sets the cookie `name` (js-cookie's Cookies.set); the next read reads every cookie again. */
export function writeCookie(name: string, value: string, attributes?: CookieAttributes): void {
  holder[SNAPSHOT] = null;
  Cookies.set(name, value, attributes);
}

/** Removes the cookie `name` (js-cookie's Cookies.remove); the next read reads every cookie again. */
export function removeCookie(name: string, attributes?: CookieAttributes): void {
  holder[SNAPSHOT] = null;
  Cookies.remove(name, attributes);
}
