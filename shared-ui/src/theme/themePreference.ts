/**
 * The theme a visitor prefers, its default and its cookie: what the site's server needs of the
 * theme (a first visit's cookie), without the tokens (themes.ts re-exports all of it).
 */
export type ThemeName = 'dark' | 'light';
export type ThemePreference = ThemeName | 'system';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const DEFAULT_THEME: ThemePreference = 'dark';
/**
 * The cookie that carries the theme (a preference cookie, beside localStorage's `theme`): the
 * visitor's choice, or the default the site's server sets on a first visit. A browser that has it
 * reads its preferences from cookies only (storage.ts, preferencesInCookies).
 */
export const THEME_COOKIE = 'theme';
export const isThemePreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);
