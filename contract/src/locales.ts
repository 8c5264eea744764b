// The site's languages, Romanian first (the default). Nothing here imports anything: shared-ui's
// i18n reads it as the site's locales, and the service writes a subscriber's mails in one of them.

export const LOCALES = ['ro', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ro';

/** Each language's name in Open Graph's form (a page's og:locale and its alternates): beside the list, so a language is added in one place. */
export const OG_LOCALES: Record<Locale, string> = { ro: 'ro_RO', en: 'en_US' };
