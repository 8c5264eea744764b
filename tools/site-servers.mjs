// The production servers of the site: the shell, with its runtime documents, and each remote.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import runtimeConfig from './runtime-config.cjs';
import { preloadHints } from './preload-hints.mjs';
import { securityHeaders } from './security-headers.mjs';
import { createStaticApp } from './static-server.mjs';

const { configScript, remotesDocument } = runtimeConfig;
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
  });
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
