// The production servers of the site: the shell, with its runtime documents, and each remote.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import runtimeConfig from './runtime-config.cjs';
import { preloadHints } from './preload-hints.mjs';
import { prerenderPages, sameBuild, withRemoteAddress } from './prerender.mjs';
import { manifestReader } from './remote-manifests.mjs';
import { securityHeaders } from './security-headers.mjs';
import { createStaticApp } from './static-server.mjs';

const { browserConfig: environmentConfig, configScript, remotesDocument } = runtimeConfig;
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const config = (overrides = {}) => () => ({ type: 'text/javascript; charset=utf-8', body: configScript(process.env, overrides) });

/**
 * @param {{ remotes?: () => object, browserConfig?: object, prerender?: boolean }} [options] where
 *   the remotes document comes from, runtime configuration that wins over the environment's, and
 *   whether public pages are served prerendered (PRERENDER=off: every page as the empty
 *   index.html, to measure what prerendering brings)
 */
export function shellApp({ remotes = () => remotesDocument(), browserConfig = {}, prerender = process.env.PRERENDER !== 'off' } = {}) {
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
    pageHtml: prerender ? prerenderedPages({ dist, remotes, browserConfig }) : undefined,
  });
}

/**
 * The prerendered pages (tools/prerender.mjs), rendered once, when the server starts, with the
 * runtime configuration /config.js serves; each response gets the address of the remote the page
 * shows from the remotes document in force. A page is served empty (index.html, rendered by the
 * browser) when its remote is in a canary (the visitor's cohort, and so the remote's version, is
 * known only in the browser), or when the remote deployed is not the build the page was
 * prerendered against (its manifest, read every few seconds, lists other files for the page, or
 * does not answer), or if rendering failed.
 */
function prerenderedPages({ dist, remotes, browserConfig }) {
  const rendered = prerenderPages({
    dist,
    bundle: join(root, 'shell', '.prerender', 'render.cjs'),
    config: { ...environmentConfig(process.env), ...browserConfig },
  }).catch((error) => {
    console.error(`prerendering failed; every page is served empty and rendered in the browser:\n${error.stack}`);
    return new Map();
  });
  const manifestAt = manifestReader();
  return async (pathname, origin) => {
    const page = (await rendered).get(pathname);
    const entry = page && remotes()[page.remote];
    if (!entry?.manifest || entry.canary) return null;
    const manifestUrl = new URL(entry.manifest, origin);
    if (!sameBuild(page, await manifestAt(manifestUrl.href))) return null;
    return withRemoteAddress(page.html, manifestUrl);
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
