import { createGlobalStyle, css } from 'styled-components';
import tokens from './tokens.json';

/**
 * The figures of a price, from a typeface of the visitor's own system whose zero is a plain oval:
 * the site's typeface draws its zero with a slash, which a visitor with low vision can read as "Ø"
 * ("6Ø lei"), and offers no plain one (no feature of its: neither tabular figures nor 'zero').
 * Only the digits, in the two weights the site uses (tokens.json's type.plainFigures); a system
 * with none of these fonts draws the site's own. Their @font-face rules are in the page's first
 * style, with the site's typeface's (@site/rendering's siteFonts.cjs), not in GlobalStyle below:
 * styled-components inserts its global rules again in the browser as the page hydrates, and a font
 * face inserted then changes the fonts of the whole document, which is laid out again (a long task
 * on a slow phone, seen in a trace as "Fonts changed" on every text node).
 */
export const PLAIN_FIGURES_FAMILY = tokens.type.plainFigures.family;

/** Text that states a price: its figures from PLAIN_FIGURES_FAMILY, the rest in the site's typeface. */
export const plainFigures = css`
  font-family: '${PLAIN_FIGURES_FAMILY}', ${({ theme }) => theme.type.family};
`;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html {
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text};
    color-scheme: ${({ theme }) => theme.name};
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.type.family};
    font-size: ${({ theme }) => theme.type.size.body};
    line-height: 1.6;
    /* anywhere, not break-word: a long word (an email address) may break in a grid or flex cell
       too, whose width would otherwise grow to hold it (sideways scrolling at 320 px). */
    overflow-wrap: anywhere;
  }
  h1, h2, h3 { line-height: 1.25; }
  /* The type scale (themes.ts). A page's h1 steps down towards h2's size on a narrow screen (a
     phone, or high zoom): a long Romanian word still fits its line; its h2s step down too, so that
     each level stays larger than the next (h1 28, h2 25, h3 22.5 px at 320 CSS px). */
  h1 { font-size: clamp(${({ theme }) => theme.type.size.h2}, 5vw, ${({ theme }) => theme.type.size.h1}); }
  h2 { font-size: clamp(1.58rem, 4.5vw, ${({ theme }) => theme.type.size.h2}); }
  h3 { font-size: ${({ theme }) => theme.type.size.h3}; }
  small { font-size: ${({ theme }) => theme.type.size.small}; }
  /* Running text keeps to a line a reader's eye can follow back to the next line's start (about 70
     characters, at its own size: the measure is in em): a page's paragraphs and list items,
     whatever its container's width. */
  main :is(p, li) { max-width: ${({ theme }) => theme.type.measure}; }
  /* A heading or a control's label breaks between words, and inside one only when that word is
     longer than the line (an address): break-word, which, unlike anywhere, never lets a flex item
     shrink below its longest word ("Meni / u"). */
  h1, h2, h3, button, select, label, summary, [role='tab'] { overflow-wrap: break-word; }
  /* The page's first margin stays inside <main>: the header never moves when a page replaces its
     loading message (CLS 0). And <main> holds at least a screen: the footer starts below the first
     screen, so a page that arrives after it (a remote's, a signed-in page's data) never pushes it
     down in view. */
  main { display: flow-root; min-height: 100vh; }
  a { color: ${({ theme }) => theme.color.link}; text-underline-offset: 0.2em; }
  img { max-width: 100%; height: auto; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
  [tabindex='-1']:focus:not(:focus-visible) { outline: none; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
