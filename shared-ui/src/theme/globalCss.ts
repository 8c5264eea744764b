import { css } from 'styled-components';
import { LATER_PART } from '../hydration/laterPartMarkers';
import { STATIC_PART_ATTRIBUTE } from '../hydration/staticParts';
import tokens from './tokens.json';
import { DEFAULT_THEME, THEME_ATTRIBUTE, themes, type SiteTheme } from './themes';

/**
 * The figures of a price, from a typeface whose zero is a plain oval: the site's typeface draws its
 * zero with a slash, which a visitor with low vision can read as "Ø" ("6Ø lei"), and offers no plain
 * one (no feature of its: neither tabular figures nor 'zero'). Only the digits, in the two weights
 * the site uses, cut from Roboto at build time and added to the page by an inline script of its
 * head, before its body is parsed (@site/rendering's siteFonts.cjs; from the system's own fonts in a
 * page whose scripts do not run): never a face inserted as the page hydrates, which would change the
 * fonts of the whole document, laid out again (a long task on a slow phone, seen in a trace as "Fonts
 * changed" on every text node).
 */
export const PLAIN_FIGURES_FAMILY = tokens.type.plainFigures.family;

/** Text that states a price: its figures from PLAIN_FIGURES_FAMILY, the rest in the site's typeface. */
export const plainFigures = css`
  font-family: '${PLAIN_FIGURES_FAMILY}', ${({ theme }) => theme.type.family};
`;

/*
 * What the global rules say, rule by rule:
 * - body: overflow-wrap anywhere, not break-word: a long word (an email address) may break in a grid
 *   or flex cell too, whose width would otherwise grow to hold it (sideways scrolling at 320 px).
 * - The type scale (themes.ts). A page's h1 steps down towards h2's size on a narrow screen (a phone,
 *   or high zoom): a long Romanian word still fits its line; its h2s step down too, so that each
 *   level stays larger than the next (h1 28, h2 25, h3 22.5 px at 320 CSS px).
 * - Running text keeps to a line a reader's eye can follow back to the next line's start (about 70
 *   characters, at its own size: the measure is in em): a page's paragraphs and list items, whatever
 *   its container's width.
 * - A heading or a control's label breaks between words, and inside one only when that word is longer
 *   than the line (an address): break-word, which, unlike anywhere, never lets a flex item shrink below
 *   its longest word ("Meni / u").
 * - The page's first margin stays inside <main>: the header never moves when a page replaces its
 *   loading message (CLS 0). And <main> holds at least a screen: the footer starts below the first
 *   screen, so a page that arrives after it (a remote's, a signed-in page's data) never pushes it down
 *   in view.
 * - A static part of a page (StaticPart) is a wrapper with no box of its own: its content is laid out
 *   as its parent's.
 */
/** The custom properties the global rules take a theme's colours from (set on <html> per theme). */
const themeColors = (theme: SiteTheme) =>
  `--site-link:${theme.color.link};--site-focus:${theme.color.focus};background:${theme.color.background};color:${theme.color.text};color-scheme:${theme.name}`;

/**
 * The site's global rules, as static CSS in the first style of every page (@site/rendering's
 * pageTemplate.cjs writes it at build time), not a styled-components global style: one with the
 * theme in it is not static to styled-components, which, as the page hydrates, parses it, removes
 * the rules the server wrote and inserts them again, and the whole document's style is worked out
 * anew (a long task on a slow phone, in every page's hydration). The theme's colours come from
 * custom properties set on <html> for the theme in force (its data-theme: the pre-paint script and
 * ThemeModeProvider set it; the default's without it).
 */
export function globalCss(): string {
  const { dark, light } = themes;
  const { type } = dark;
  return `*,*::before,*::after{box-sizing:border-box}
html{${themeColors(themes[DEFAULT_THEME === 'light' ? 'light' : 'dark'])};-webkit-text-size-adjust:100%}
html[${THEME_ATTRIBUTE}=dark]{${themeColors(dark)}}
html[${THEME_ATTRIBUTE}=light]{${themeColors(light)}}
body{margin:0;font-family:${type.family};font-size:${type.size.body};line-height:1.6;overflow-wrap:anywhere}
h1,h2,h3{line-height:1.25}
h1{font-size:clamp(${type.size.h2},5vw,${type.size.h1})}
h2{font-size:clamp(1.58rem,4.5vw,${type.size.h2})}
h3{font-size:${type.size.h3}}
small{font-size:${type.size.small}}
main :is(p,li){max-width:${type.measure}}
h1,h2,h3,button,select,label,summary,[role='tab']{overflow-wrap:break-word}
main{display:flow-root;min-height:100vh}
a{color:var(--site-link);text-underline-offset:0.2em}
img{max-width:100%;height:auto}
:focus-visible{outline:3px solid var(--site-focus);outline-offset:3px}
[tabindex='-1']:focus:not(:focus-visible){outline:none}
[${STATIC_PART_ATTRIBUTE}],[${LATER_PART.attribute}]{display:contents}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:0.01ms !important;animation-iteration-count:1 !important;transition-duration:0.01ms !important;scroll-behavior:auto !important}}`;
}
