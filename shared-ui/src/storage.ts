import { readCookie } from './cookies';
import { PREFERENCE_COOKIE } from './preferenceCookie';
import { VISITOR_ID } from './remotes/remotesDocument';
import { isThemePreference, THEME_COOKIE } from './theme/themePreference';
/**
 * localStorage that never throws: private modes and locked-down browsers refuse storage, and a
 * visitor there still gets the defaults instead of a broken page.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** Whether it was stored (false: storage is unavailable, and the choice lasts for this page only). */
  set(key: string, value: string): boolean {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * Whether this browser's cookies carry its preferences: it has the theme's cookie (THEME_COOKIE),
 * which the site's server sets on a first visit and the browser sets with every choice of theme,
 * or copies from localStorage (a choice stored before the cookie existed). Then nothing a page does
 * as it starts reads localStorage: the theme and the language are the cookies' (the language's
 * cookie, else the default), the cohort id is its cookie. localStorage's first use on a page costs
 * tens of milliseconds of the main thread (Chromium loads the origin's storage before it answers:
 * 27-97 ms at full speed here, in the page's first task). Without the cookie (a browser that refuses
 * cookies, or one from before the cookie existed), localStorage is read as before.
 */
export const preferencesInCookies = (): boolean => isThemePreference(readCookie(THEME_COOKIE));

/** The keys the site persists (docs/product.md, "What the browser keeps"). */
export const STORAGE_KEYS = {
  /** The theme's cookie has the same name: the early-event script keeps a choice under one name in both. */
  theme: THEME_COOKIE,
  locale: 'locale',
  visitor: VISITOR_ID,
} as const;

/** A preference's cookie (PREFERENCE_COOKIE) as js-cookie's options, secure on HTTPS. */
export const preferenceCookie = () => ({
  path: PREFERENCE_COOKIE.path,
  sameSite: PREFERENCE_COOKIE.sameSite,
  expires: PREFERENCE_COOKIE.days,
  secure: window.location.protocol === 'https:',
});
