import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { STORAGE_KEYS, storage } from '../storage';
import { GlobalStyle } from './GlobalStyle';
import { DARK_QUERY, DEFAULT_THEME, THEME_ATTRIBUTE, isThemePreference, themes, type ThemeName, type ThemePreference } from './themes';

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

function storedPreference(): ThemePreference {
  const saved = storage.get(STORAGE_KEYS.theme);
  return isThemePreference(saved) ? saved : DEFAULT_THEME;
}

/** Theme light / dark / system, persisted; "system" follows the device preference live. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState(storedPreference);
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => true);
  const resolved: ThemeName = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute(THEME_ATTRIBUTE, resolved);
    root.style.colorScheme = resolved;
  }, [resolved]);

  const setPreference = useCallback((next: ThemePreference) => {
    storage.set(STORAGE_KEYS.theme, next);
    setPreferenceState(next);
  }, []);

  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={themes[resolved]}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeMode {
  const mode = useContext(ThemeModeContext);
  if (!mode) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return mode;
}
