import tokens from './tokens.json';

export { DEFAULT_THEME, isThemePreference, THEME_COOKIE, THEME_PREFERENCES, type ThemeName, type ThemePreference } from './themePreference';
import type { ThemeName } from './themePreference';
/** On <html>: the theme in force (the pre-paint script sets it first, then ThemeModeProvider). */
export const THEME_ATTRIBUTE = 'data-theme';
/** What "system" follows. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export type ColorTokens = (typeof tokens)['dark'];

/**
 * The site's type: Atkinson Hyperlegible Next (drawn for legibility to low-vision readers: letters
 * that are easily confused, such as I l 1 or O 0, told apart), self-hosted and loaded by the HTML
 * page (the build's @font-face rules and preloads: @site/rendering's siteFonts.cjs), with the system's
 * sans-serif as fallback; one scale of sizes, a ratio of 1.25 from the body's 1.125rem (h3, h2, h1),
 * with small text at 1rem, not a step below the body (0.9rem would be 14.4 px: too small to read for
 * many of the site's visitors); and the measure, the longest line of running text: about 70
 * characters of the site's texts. In em, not ch: ch is the width of a zero, which this typeface
 * draws wide (to tell it from an O), and 70ch held up to 109 characters of Romanian text on a line.
 */
export interface TypeTokens {
  family: string;
  size: { small: string; body: string; h3: string; h2: string; h1: string };
  measure: string;
}

export interface SiteTheme {
  name: ThemeName;
  color: ColorTokens;
  /** Layout constants: one place, named (no magic numbers in components). */
  layout: { maxWidth: string; gutter: string; narrowBreakpoint: string; radius: string; minTarget: string };
  type: TypeTokens;
}

const layout: SiteTheme['layout'] = {
  maxWidth: '72rem',
  gutter: 'clamp(1rem, 4vw, 2rem)',
  narrowBreakpoint: '60rem',
  radius: '0.75rem',
  minTarget: '2.75rem',
};

const type: TypeTokens = {
  // The typeface first, then the stack the site used before it: what a visitor sees until the
  // font is there (font-display: optional: on a slow first visit, the whole visit).
  family: `'${tokens.type.family}', ${tokens.type.fallback}`,
  size: tokens.type.size,
  measure: tokens.type.measure,
};

export const themes: Record<ThemeName, SiteTheme> = {
  dark: { name: 'dark', color: tokens.dark, layout, type },
  light: { name: 'light', color: tokens.light, layout, type },
};
