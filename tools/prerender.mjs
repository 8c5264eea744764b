// Prerendering of the public pages (routes marked "prerender" in the shell's route table): the
// HTML the browser shows at once and React then hydrates. Rendered when the server
// starts, with this environment's runtime configuration (the contact details, the social links),
// so the HTML is what the browser's first render draws: nothing of an environment is baked into a
// build. The render bundle (shell/prerender/, built with the shell) holds the shell's layout and
// those pages; the address of the remote a page comes from is put in for each response, from
// the remotes document in force.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { exposedFiles } from './remote-manifests.mjs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** The render bundle's stand-in for a remote's address (shell/prerender/webpack.config.cjs). */
const REMOTE_PUBLIC_PATH = '__REMOTE_PUBLIC_PATH__/';
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
/** The app's entry script, as html-webpack-plugin writes it (deferred, minified attributes). */
const ENTRY_SCRIPT = /<script defer(?:="defer")? src="?([^" >]*main\.js)"?><\/script>/;

/**
 * The prerendered page is drawn first, then its code is run: the entry script is added once the
 * document is parsed (after /config.js, a deferred script, has run) and the page's first paint has
 * been presented (or at once for a page that is hidden to be rendered afresh, or after 1 s at the
 * latest). As a deferred script it would run before that first paint on a fast connection, and
 * the page's content would wait for it.
 */
const entryAfterFirstPaint = (src) => `<script>addEventListener('DOMContentLoaded',function(){
var done=false;
function load(){if(done)return;done=true;var s=document.createElement('script');s.src=${JSON.stringify(src)};document.body.appendChild(s);}
if(document.documentElement.hasAttribute('data-prerender')||!window.PerformanceObserver)return load();
try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(load);}).observe({type:'paint',buffered:true});}catch(e){return load();}
setTimeout(load,1000);
})</script>`.replace(/\n/g, '');

/**
 * Renders one page from a fresh copy of the render bundle: styled-components names its components
 * in creation order, so each page starts from a fresh module state, created in the browser's order
 * (shared-ui, the shell's layout, then the page), or hydration would not match.
 */
async function renderOne(bundle, path, config) {
  delete require.cache[bundle];
  const previous = globalThis.__APP_CONFIG__;
  globalThis.__APP_CONFIG__ = config;
  try {
    return await require(bundle).renderPage(path);
  } finally {
    globalThis.__APP_CONFIG__ = previous;
    delete require.cache[bundle];
  }
}

/**
 * @param {{ dist: string, bundle: string, config: object, routeTable?: string }} options the
 *   build whose index.html the pages go in, the render bundle, the runtime configuration the
 *   browser reads from /config.js, and the route table (the shell's, beside its build)
 * @returns {Promise<Map<string, { html: string, remote: string, module: string, files: string[] }>>}
 *   each prerendered path's page (index.html with the page inside #root and its styles in the
 *   head), the remote and module it shows, and the files that remote's build listed for it
 */
export async function prerenderPages({ dist, bundle, config, routeTable = join(dist, 'routes.json') }) {
  const pages = new Map();
  if (!existsSync(routeTable) || !existsSync(bundle)) return pages;
  const table = JSON.parse(readFileSync(routeTable, 'utf8'));
  // What each page's remote build listed for it when the render bundle was built (see
  // shell/prerender/webpack.config.cjs): the remote's deployment must list the same.
  const builtAgainst = JSON.parse(readFileSync(join(dirname(bundle), 'built-against.json'), 'utf8'));
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!EMPTY_ROOT.test(index)) throw new Error(`${join(dist, 'index.html')} has no empty #root`);
  const entry = index.match(ENTRY_SCRIPT);
  if (!entry) throw new Error(`${join(dist, 'index.html')} has no deferred main.js`);
  for (const { path, page } of table.routes.filter((route) => route.prerender)) {
    const { html, styles } = await renderOne(bundle, path, config);
    pages.set(path, {
      ...table.pages[page],
      files: builtAgainst[path],
      html: index
        // The page is drawn once its main part is parsed, not before: drawn while still arriving,
        // the header's controls would wrap anew as each one came in (a layout shift).
        .replace('</head>', `${styles}\n<link rel="expect" href="#main" blocking="render">\n</head>`)
        .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${path}">${html}</div>`)
        .replace(ENTRY_SCRIPT, () => entryAfterFirstPaint(entry[1])),
    });
  }
  return pages;
}

/** Whether a remote's deployment (its manifest) is the build a page was prerendered against. */
export function sameBuild(page, manifest) {
  const files = exposedFiles(manifest, page.module);
  return Boolean(files && page.files) && files.length === page.files.length && files.every((file, i) => file === page.files[i]);
}

/** A prerendered page with the address of the remote whose assets it shows. */
export function withRemoteAddress(html, manifestUrl) {
  return html.replaceAll(REMOTE_PUBLIC_PATH, new URL('.', manifestUrl).href);
}
