import { PREFERENCE_COOKIE } from './preferenceCookie';
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

/** The keys the site persists (docs/product.md, "What the browser keeps"). */
export const STORAGE_KEYS = { theme: 'theme', locale: 'locale', visitor: VISITOR_ID } as const;

/** A preference's cookie (PREFERENCE_COOKIE) as js-cookie's options, secure on HTTPS. */
export const preferenceCookie = () => ({
  path: PREFERENCE_COOKIE.path,
  sameSite: PREFERENCE_COOKIE.sameSite,
  expires: PREFERENCE_COOKIE.days,
  secure: window.location.protocol === 'https:',
});
