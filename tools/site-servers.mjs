// The production servers of the site: the shell, with its runtime documents, and each remote.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import runtimeConfig from './runtime-config.cjs';
import { preloadHints } from './preload-hints.mjs';
import { securityHeaders } from './security-headers.mjs';
import { createStaticApp } from './static-server.mjs';

const { configScript, remotesDocument } = runtimeConfig;
/** The prerender's stand-in for the marketing remote's address (shell/prerender/webpack.config.cjs). */
const REMOTE_PUBLIC_PATH = '__REMOTE_PUBLIC_PATH__/';
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const config = (overrides = {}) => () => ({ type: 'text/javascript; charset=utf-8', body: configScript(process.env, overrides) });

/**
 * @param {{ remotes?: () => object, browserConfig?: object }} [options] where the remotes document
 *   comes from, and runtime configuration that wins over the environment's
 */
export function shellApp({ remotes = () => remotesDocument(), browserConfig = {} } = {}) {
  const dist = join(root, 'shell', 'dist');
  return createStaticApp({
    root: dist,
    spa: true,
    documents: {
      '/config.js': config(browserConfig),
      '/remotes.json': () => ({ type: 'application/json', body: JSON.stringify(remotes()) }),
      '/robots.txt': () => ({ type: 'text/plain; charset=utf-8', body: ROBOTS }),
    },
    securityHeaders: (html) => securityHeaders({ html, remotes: remotes(), config: browserConfig }),
    // PRELOAD_HINTS=off serves the pages without them (to measure what they bring).
    pageLinks: process.env.PRELOAD_HINTS === 'off' ? undefined : preloadHints({ dist, remotes }),
    // PRERENDER=off serves every page as the empty index.html (to measure what prerendering brings).
    pageHtml: process.env.PRERENDER === 'off' ? undefined : prerenderedPages({ dist, remotes }),
  });
}

/**
 * The prerendered pages (shell/prerender/), with the address of the remote whose assets they
 * show put in from the remotes document in force. A page whose remote is in a canary is served
 * empty (index.html): the visitor's cohort, and so the remote's version, is known only in the browser.
 */
function prerenderedPages({ dist, remotes }) {
  const table = existsSync(join(dist, 'routes.json')) ? JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8')) : { routes: [] };
  const files = new Map();
  for (const route of table.routes.filter((r) => r.prerender)) {
    const file = join(dist, 'prerendered', `${route.path === '/' ? 'index' : route.path.slice(1)}.html`);
    if (existsSync(file)) files.set(route.path, { html: readFileSync(file, 'utf8'), remote: table.pages[route.page].remote });
  }
  return (pathname, origin) => {
    const page = files.get(pathname);
    const entry = page && remotes()[page.remote];
    if (!entry?.manifest || entry.canary) return null;
    return page.html.replaceAll(REMOTE_PUBLIC_PATH, new URL('.', new URL(entry.manifest, origin)).href);
  };
}

/** Crawlers may read every page (the access guard lets them through the signed-in ones too). */
export const ROBOTS = 'User-agent: *\nAllow: /\n';

/** A remote, served alone as an independent deployment (its own page is its local host). */
export function remoteApp(name) {
  return createStaticApp({
    root: join(root, name.replace('_', '-'), 'dist'),
    spa: true,
    cors: true,
    documents: { '/config.js': config() },
    securityHeaders: (html) => securityHeaders({ html }),
  });
}
