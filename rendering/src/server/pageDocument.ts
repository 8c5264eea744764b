// A page's HTML as the server drew it: the shell's index.html with the page inside #root, its
// styles in the head, its title the page's, and its entry script deferred to after the first paint;
// marked when drawn for a visitor who looks signed in (a public page, a signed-in page's layout
// around its loading status, which holds no remote's content, or a signed-in page drawn whole, with
// the state it hands over).
import type { HandedOverState } from '../contract';
import { MARKERS } from '../contract';
import { handedOverStateElement } from './handedOverStateElement';

/** A value escaped for the server's HTML, as an attribute's (quoted) value or as text. */
export const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const EMPTY_ROOT = /<div id="?root"?><\/div>/;
/** The app's entry script, as html-webpack-plugin writes it (deferred, minified attributes). */
const ENTRY_SCRIPT = /<script defer(?:="defer")? src="?([^" >]*main\.js)"?><\/script>/;

const TITLE = /<title>[^<]*<\/title>/;
const HTML_TAG = /<html\b/;

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
  },
): string {
  const entry = index.match(ENTRY_SCRIPT)?.[1] as string;
  const rendered = manifestUrl ? ` ${MARKERS.renderedManifestAttribute}="${escapeHtml(manifestUrl)}"` : '';
  const root = `<div id="root" ${MARKERS.prerenderedAttribute}="${escapeHtml(path)}"${rendered}>`;
  return (
    index
      // Before the pre-paint script runs: it compares whom the HTML was drawn for with the visitor.
      .replace(HTML_TAG, (tag) => (signedIn ? `${tag} ${MARKERS.signedInDocumentAttribute}` : tag))
      // Named by its page, as the browser's render names it, from the first byte.
      .replace(TITLE, (site) => (title ? `<title>${escapeHtml(title)}</title>` : site))
      // The page is drawn once its main part is parsed, not before: drawn while still arriving,
      // the header's controls would wrap anew as each one came in (a layout shift).
      .replace('</head>', () => `${styles}\n<link rel="expect" href="#main" blocking="render">\n</head>`)
      .replace(EMPTY_ROOT, () => `${root}${html}</div>${handedOver ? handedOverStateElement(handedOver) : ''}`)
      .replace(ENTRY_SCRIPT, () => entryAfterFirstPaint(entry))
  );
}
