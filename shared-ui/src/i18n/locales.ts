/**
 * The site's locales (Romanian by default: the user service's contract, which writes mails in them),
 * and how a page's is chosen: read by the i18n bootstrap, the pre-paint script and the site's
 * server. Imports nothing else.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@site/contract/locales';

export { DEFAULT_LOCALE, LOCALES, type Locale };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The locale a language toggle offers: the one after the page's (a language the site has not: after the default). */
export function nextLocale(current: string): Locale {
  const at = LOCALES.indexOf(isLocale(current) ? current : DEFAULT_LOCALE);
  return LOCALES[(at + 1) % LOCALES.length]!;
}

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
 * The query that keeps a page's language across a redirect: `?lang=<locale>` when the address
 * names one, else nothing (a redirect drops the rest of the query, which was the old page's).
 */
export function languageQuery(search: string): string {
  const param = new URLSearchParams(search).get(LOCALE_PARAM);
  return isLocale(param) ? `?${LOCALE_PARAM}=${param}` : '';
}

/**
 * The language a page is drawn in, by one rule on the server and in the browser: its address's
 * (`?lang=`), else the visitor's choice (the cookie, then the browser's stored copy, which the server
 * cannot read), else Romanian: a first visit with no choice is Romanian, whatever the browser's languages.
 */
export function localeFrom(choices: { param?: string | null; cookie?: string | null; stored?: string | null }): Locale {
  for (const value of [choices.param, choices.cookie, choices.stored]) if (isLocale(value)) return value;
  return DEFAULT_LOCALE;
}
