import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../cookies';
import { preferenceCookie, preferencesInCookies, STORAGE_KEYS, storage } from '../storage';
import commonEn from './common.en.json';
import commonRo from './common.ro.json';

import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_PARAM, LOCALES, isLocale, localeFrom, type Locale } from './locales';

export { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_PARAM, LOCALES, isLocale, languageQuery, localeFrom, type Locale } from './locales';

const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

/** The page's address's language (`?lang=`), if it names one. */
const addressLocale = () => (inBrowser ? new URLSearchParams(window.location.search).get(LOCALE_PARAM) : null);

/** Keeps a choice where the server reads it (the cookie) and where this browser does (localStorage). */
function keepLocale(locale: Locale) {
  storage.set(STORAGE_KEYS.locale, locale);
  if (inBrowser) writeCookie(LOCALE_COOKIE, locale, preferenceCookie());
}

/**
 * The page's language, as the server and the pre-paint script chose it (localeFrom); a choice the
 * server could not read yet (an address's, or one stored before the cookie existed) is kept where it
 * can, for the next page. localStorage's copy is read only where it can decide (neither the address
 * nor the cookie names a language) and the cookies do not carry the preferences (preferencesInCookies).
 */
function startingLocale(): Locale {
  if (!inBrowser) return DEFAULT_LOCALE;
  const param = addressLocale();
  const cookie = readCookie(LOCALE_COOKIE) ?? null;
  const stored = isLocale(param) || isLocale(cookie) || preferencesInCookies() ? null : storage.get(STORAGE_KEYS.locale);
  const locale = localeFrom({ param, cookie, stored });
  if ((isLocale(param) || isLocale(cookie) || isLocale(stored)) && cookie !== locale) keepLocale(locale);
  return locale;
}

/** The one i18next instance of the page; shared-ui is a federated singleton, so is this. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: startingLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['common'],
  defaultNS: 'common',
  // Every locale's (the compiler refuses one missing when a language is added to the list).
  resources: { ro: { common: commonRo }, en: { common: commonEn } } satisfies Record<Locale, unknown>,
  interpolation: { escapeValue: false },
  initAsync: false,
  // Not bound to the store's changes: each app adds its namespace when its code loads, before any
  // of its components renders, so what is added concerns none already drawn. Bound, every part of
  // the page that translates (the header, the footer) was drawn again, at once, when a remote's
  // page arrived; during a page's hydration, React then finished the whole of it in that one task.
  react: { useSuspense: false },
});

/**
 * The time zone the site's dates are written in, on the server and in the browser alike: Romania's,
 * the product's. A signed-in page the server draws (a subscription's end date) then hydrates with the
 * same words in every visitor's browser, whatever the server's or the visitor's own time zone.
 */
export const SITE_TIME_ZONE = 'Europe/Bucharest';

// Every {{date, datetime(...)}} of the strings, in the site's time zone.
i18n.services.formatter?.addCached('datetime', (lng, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(lng, { ...options, timeZone: SITE_TIME_ZONE });
  return (value: Date | number) => format.format(value);
});

/**
 * <html lang> says the page's language. Set only when it changes: the server's HTML already says it,
 * and setting it, even to the same value, makes the browser match every :lang() of the document's
 * elements again (a style recalculation of the whole page as the scripts start, seen in a trace).
 */
function reflectLocale(lng: string) {
  if (typeof document !== 'undefined' && document.documentElement.lang !== lng) document.documentElement.lang = lng;
}
reflectLocale(i18n.language);
i18n.on('languageChanged', reflectLocale);

/**
 * The visitor's choice: kept (cookie and localStorage), the page's address following it when it
 * names a language (a reload then stays in the language chosen), and the page drawn in it.
 */
export function setLocale(locale: Locale): void {
  keepLocale(locale);
  if (inBrowser && addressLocale() !== null) {
    const url = new URL(window.location.href);
    if (locale === DEFAULT_LOCALE) url.searchParams.delete(LOCALE_PARAM);
    else url.searchParams.set(LOCALE_PARAM, locale);
    window.history.replaceState(window.history.state, '', url);
  }
  void i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Each app adds its own namespace when its code loads (the shell's, each remote's). A namespace is
 * added once, whole, and never changed after: its strings are kept as they are, neither copied nor
 * merged into an empty one (i18next's deep copy and merge were most of the work, on the page's start).
 */
export function registerNamespace(ns: string, resources: Record<Locale, Record<string, unknown>>): void {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, resources[locale], false, false, { skipCopy: true, silent: false });
  }
}
