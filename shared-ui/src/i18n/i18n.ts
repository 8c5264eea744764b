import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../storage';
import commonEn from './common.en.json';
import commonRo from './common.ro.json';

import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales';

export { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales';

function storedLocale(): Locale {
  const saved = storage.get(STORAGE_KEYS.locale);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/** The one i18next instance of the page; shared-ui is a federated singleton, so is this. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { ro: { common: commonRo }, en: { common: commonEn } },
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

function reflectLocale(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
reflectLocale(i18n.language);
i18n.on('languageChanged', reflectLocale);

export function setLocale(locale: Locale): void {
  storage.set(STORAGE_KEYS.locale, locale);
  void i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Each app adds its own namespace when its code loads (the shell's, each remote's). */
export function registerNamespace(ns: string, resources: Record<Locale, Record<string, unknown>>): void {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, resources[locale], true, true);
  }
}
