/** The site's locales (Romanian by default): read by the i18n bootstrap and the pre-paint script. Imports nothing. */
export const LOCALES = ['ro', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ro';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
