import { readCookie, writeCookie } from '../cookies';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { preferenceCookie, STORAGE_KEYS, storage } from '../storage';
import { DARK_QUERY, DEFAULT_THEME, THEME_ATTRIBUTE, THEME_COOKIE, isThemePreference, themes, type ThemeName, type ThemePreference } from './themes';

interface ThemeMode {
  preference: ThemePreference;
  resolved: ThemeName;
  setPreference: (preference: ThemePreference) => void;
}

const ThemeModeContext = createContext<ThemeMode | null>(null);

function subscribeToSystemTheme(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;
const unsubscribed = () => () => undefined;
const dark = () => true;

/** A choice storage refused (a private mode): kept for this page. */
let unstored: ThemePreference | null = null;

/** The theme's cookie first (preferencesInCookies: then localStorage is not read), else localStorage's. */
function storedPreference(): ThemePreference {
  const cookie = readCookie(THEME_COOKIE);
  if (isThemePreference(cookie)) return cookie;
  const saved = storage.get(STORAGE_KEYS.theme);
  return isThemePreference(saved) ? saved : (unstored ?? DEFAULT_THEME);
}

/** A choice kept where the pre-paint script reads it first (the cookie) and in localStorage (the product's key). */
function keepPreference(preference: ThemePreference): boolean {
  writeCookie(THEME_COOKIE, preference, preferenceCookie());
  return storage.set(STORAGE_KEYS.theme, preference);
}

/**
 * The stored preference as a store: this page's choices, and another tab's. A page the server drew
 * (for the default theme) hydrates with the default, what its HTML holds; a preference stored
 * before it has hydrated (chosen on the server's HTML: the early-event script stores it at once) is
 * drawn right after, whatever else happened before hydration.
 */
const preferenceListeners = new Set<() => void>();
function subscribeToPreference(onChange: () => void) {
  preferenceListeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    preferenceListeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}
const drawnPreference = () => DEFAULT_THEME;

/** Theme light / dark / system, persisted; "system" follows the device preference live. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const preference = useSyncExternalStore(subscribeToPreference, storedPreference, drawnPreference);
  // The device's preference is read only while it is followed. A prerendered page hydrates only
  // under the default theme (the pre-paint script has it drawn afresh otherwise), where it draws
  // nothing: read there, it would differ from the server's answer (dark) on a light device, and
  // React would draw again at once, finishing the whole page's hydration in that one task.
  const followsSystem = preference === 'system';
  const systemDark = useSyncExternalStore(followsSystem ? subscribeToSystemTheme : unsubscribed, followsSystem ? systemPrefersDark : dark, dark);
  const resolved: ThemeName = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute(THEME_ATTRIBUTE, resolved);
    root.style.colorScheme = resolved;
  }, [resolved]);

  // A browser without the theme's cookie (one from before it existed) gets it once, with the theme
  // it had stored (or the default): its next pages read no localStorage as they start.
  useEffect(() => {
    if (!isThemePreference(readCookie(THEME_COOKIE))) writeCookie(THEME_COOKIE, storedPreference(), preferenceCookie());
  }, []);

  const setPreference = useCallback((next: ThemePreference) => {
    unstored = keepPreference(next) ? null : next;
    preferenceListeners.forEach((listener) => listener());
  }, []);

  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={themes[resolved]}>{children}</ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeMode {
  const mode = useContext(ThemeModeContext);
  if (!mode) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return mode;
}
