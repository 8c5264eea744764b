/** The site's locales (Romanian by default), and how a page's is chosen: read by the i18n bootstrap, the pre-paint script and the site's server. Imports nothing. */
export const LOCALES = ['ro', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ro';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The cookie that keeps the visitor's language where the site's server reads it (a first-party
 * cookie, SameSite=Lax, beside localStorage's copy; both set when the visitor chooses).
 */
export const LOCALE_COOKIE = 'locale';

/**
 * The query parameter of a page's address in a language (`/contact?lang=en`): an English page has
 * an address of its own (to share, and to index), on the same path as the Romanian one.
 */
export const LOCALE_PARAM = 'lang';

/**
 * The language a page is drawn in, by one rule on the server and in the browser: its address's
 * (`?lang=`), else the visitor's choice (the cookie, then the browser's stored copy, which the server
 * cannot read), else Romanian: a first visit with no choice is Romanian, whatever the browser's languages.
 */
export function localeFrom(choices: { param?: string | null; cookie?: string | null; stored?: string | null }): Locale {
  for (const value of [choices.param, choices.cookie, choices.stored]) if (isLocale(value)) return value;
  return DEFAULT_LOCALE;
}
