import { VISITOR_ID } from './remotes/remotesDocument';
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
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  },
};

/** The keys the site persists (spec section 3, "Stored client preferences"). */
export const STORAGE_KEYS = { theme: 'theme', locale: 'locale', visitor: VISITOR_ID } as const;

/**
 * A first-party cookie that keeps a visitor's preference where the site's server reads it (the
 * language, the cohort id): the whole site, sent on navigations from other sites, a year, secure on
 * HTTPS. js-cookie's options.
 */
export const preferenceCookie = () => ({ path: '/', sameSite: 'Lax' as const, expires: 365, secure: window.location.protocol === 'https:' });
