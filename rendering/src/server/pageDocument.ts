// A page's HTML as the server drew it: the shell's index.html with the page inside #root, its
// styles in the head, its title the page's, and its entry script deferred to after the first paint;
// marked when drawn for a visitor who looks signed in (a public page, a signed-in page's layout
// around its loading status, which holds no remote's content, or a signed-in page drawn whole, with
// the state it hands over).
import { OG_LOCALES } from '@site/contract/locales';
import { DEFAULT_LOCALE, LOCALE_PARAM, LOCALES, type Locale } from '@site/shared-ui/locales';
import type { HandedOverState } from '../contract';
import { MARKERS } from '../contract';
import { handedOverStateElement } from './handedOverStateElement';

/** A value escaped for the server's HTML, as an attribute's (quoted) value or as text. */
export const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const EMPTY_ROOT = /<div id="?root"?><\/div>/;
/** The app's entry script, as html-webpack-plugin writes it (deferred, minified attributes). */
const ENTRY_SCRIPT = /<script defer(?:="defer")? src="?([^" >]*main\.js)"?><\/script>/;

const TITLE = /<title>([^<]*)<\/title>/;
const DESCRIPTION = /<meta name="?description"? content="[^"]*">/;

/** The social preview's picture (shell/public/social-card.png): its size, for the platforms that lay it out before fetching it. */
export const SOCIAL_CARD = { path: '/social-card.png', width: 1200, height: 630 } as const;

/**
 * A public page's address in a language: its path, with `?lang=` for any but the default (an
 * English page has an address of its own).
 */
export const addressIn = (origin: string, path: string, locale: Locale) => `${origin}${path}${locale === DEFAULT_LOCALE ? '' : `?${LOCALE_PARAM}=${locale}`}`;

/**
 * What a public page says of itself in its head, for search engines and shared links: its canonical
 * address (in its language), the alternates in each language (and x-default, the Romanian one), and
 * its social preview (Open Graph, Twitter's card) with the site's card as picture. `origin`: the
 * site's, from configuration (never a request's Host).
 */
export function publicPageHead({ origin, path, locale, title, description }: { origin: string; path: string; locale: Locale; title: string; description: string }): string {
  const canonical = addressIn(origin, path, locale);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...LOCALES.map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(addressIn(origin, path, other))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(origin, path, DEFAULT_LOCALE))}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    ...LOCALES.filter((other) => other !== locale).map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}">`),
    `<meta property="og:image" content="${escapeHtml(`${origin}${SOCIAL_CARD.path}`)}">`,
    `<meta property="og:image:width" content="${SOCIAL_CARD.width}">`,
    `<meta property="og:image:height" content="${SOCIAL_CARD.height}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ];
  return tags.join('\n');
}
const HTML_TAG = /<html\b/;
/** The document's language, as the shell's index.html has it (Romanian). */
const HTML_LANG = /(?<=<html\b[^>]*\s)lang="?[a-z-]+"?/i;

/**
 * The prerendered page is drawn first, then its code is run: the entry script is added once the
 * document is parsed (after /config.js, a deferred script, has run) and the page's first paint has
 * been presented (or at once for a page that is hidden to be rendered afresh, or after 1 s at the
 * latest). As a deferred script it would run before that first paint on a fast connection, and
 * the page's content would wait for it.
 */
const entryAfterFirstPaint = (src: string) =>
  `<script>addEventListener('DOMContentLoaded',function(){
var done=false;
function load(){if(done)return;done=true;var s=document.createElement('script');s.src=${JSON.stringify(src)};document.body.appendChild(s);}
if(document.documentElement.hasAttribute(${JSON.stringify(MARKERS.freshRenderAttribute)})||!window.PerformanceObserver)return load();
try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(load);}).observe({type:'paint',buffered:true});}catch(e){return load();}
setTimeout(load,1000);
})</script>`.replace(/\n/g, '');

/** The addresses of the HTML's deferred scripts, in the order they run (the runtime configuration, the entry). */
export const deferredScripts = (html: string): string[] => [...html.matchAll(/<script defer(?:="defer")? src="?([^" >]+)"?><\/script>/g)].map((match) => match[1] as string);

/** Checks the shell's index.html once, when the server starts: it must have what a page goes into. */
export function checkIndexHtml(index: string, file: string): void {
  if (!EMPTY_ROOT.test(index)) throw new Error(`${file} has no empty #root`);
  if (!ENTRY_SCRIPT.test(index)) throw new Error(`${file} has no deferred main.js`);
  if (!HTML_TAG.test(index)) throw new Error(`${file} has no <html> tag`);
  if (!HTML_LANG.test(index)) throw new Error(`${file}'s <html> has no lang`);
}

export function pageDocument(
  index: string,
  {
    path,
    manifestUrl,
    html,
    styles,
    title,
    signedIn = false,
    handedOver = null,
    locale = DEFAULT_LOCALE,
    description = null,
    siteOrigin = null,
    hydrated = true,
  }: {
    path: string;
    /** The remote build whose page the HTML holds (none for a signed-in page's loading status). */
    manifestUrl?: string;
    html: string;
    styles: string;
    title?: string | null;
    /** Drawn for a visitor who looks signed in. */
    signedIn?: boolean;
    /** A signed-in page's state for the browser, before the entry script (which reads it). */
    handedOver?: HandedOverState | null;
    /** The language it was drawn in: the document's `lang` (the pre-paint script compares the visitor's with it). */
    locale?: Locale;
    /** What the page says it is about (the document's meta description; none: index.html's). */
    description?: string | null;
    /** A public page's: the site's origin, for its canonical address, alternates and social preview (publicPageHead). */
    siteOrigin?: string | null;
    /** Whether the browser hydrates it (false: the not-found page, which it renders afresh; #root is not marked as drawn). */
    hydrated?: boolean;
  },
): string {
  const entry = index.match(ENTRY_SCRIPT)?.[1] as string;
  const rendered = manifestUrl ? ` ${MARKERS.renderedManifestAttribute}="${escapeHtml(manifestUrl)}"` : '';
  const root = hydrated ? `<div id="root" ${MARKERS.prerenderedAttribute}="${escapeHtml(path)}"${rendered}>` : '<div id="root">';
  return (
    index
      // Before the pre-paint script runs: it compares whom the HTML was drawn for with the visitor.
      .replace(HTML_TAG, (tag) => (signedIn ? `${tag} ${MARKERS.signedInDocumentAttribute}` : tag))
      .replace(HTML_LANG, () => `lang="${locale}"`)
      // Named by its page, as the browser's render names it, from the first byte.
      .replace(TITLE, (site, siteTitle: string) => {
        const head = siteOrigin ? `\n${publicPageHead({ origin: siteOrigin, path, locale, title: title ?? siteTitle, description: description ?? '' })}` : '';
        return `${title ? `<title>${escapeHtml(title)}</title>` : site}${head}`;
      })
      .replace(DESCRIPTION, (tag) => (description ? `<meta name="description" content="${escapeHtml(description)}">` : tag))
      // The page is drawn once its main part is parsed, not before: drawn while still arriving,
      // the header's controls would wrap anew as each one came in (a layout shift).
      .replace('</head>', () => `${styles}\n<link rel="expect" href="#main" blocking="render">\n</head>`)
      .replace(EMPTY_ROOT, () => `${root}${html}</div>${handedOver ? handedOverStateElement(handedOver) : ''}`)
      .replace(ENTRY_SCRIPT, () => entryAfterFirstPaint(entry))
  );
}
