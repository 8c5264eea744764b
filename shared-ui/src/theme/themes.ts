import tokens from './tokens.json';

export type ThemeName = 'dark' | 'light';
export type ThemePreference = ThemeName | 'system';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const DEFAULT_THEME: ThemePreference = 'dark';
/** On <html>: the theme in force (the pre-paint script sets it first, then ThemeModeProvider). */
export const THEME_ATTRIBUTE = 'data-theme';
/** What "system" follows. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export type ColorTokens = (typeof tokens)['dark'];

export interface SiteTheme {
  name: ThemeName;
  color: ColorTokens;
  /** Layout constants: one place, named (no magic numbers in components). */
  layout: { maxWidth: string; gutter: string; narrowBreakpoint: string; radius: string; minTarget: string };
}

const layout: SiteTheme['layout'] = {
  maxWidth: '72rem',
  gutter: 'clamp(1rem, 4vw, 2rem)',
  narrowBreakpoint: '60rem',
  radius: '0.75rem',
  minTarget: '2.75rem',
};

export const themes: Record<ThemeName, SiteTheme> = {
  dark: { name: 'dark', color: tokens.dark, layout },
  light: { name: 'light', color: tokens.light, layout },
};

export const isThemePreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);
