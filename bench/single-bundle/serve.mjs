#!/usr/bin/env node
// The single bundle's site, served in a process of its own as the federated site is
// (site-server/src/serve.ts). Served from inside the bench's own process, it shared its event loop
// with Lighthouse, which takes the browser's trace events there while a page loads: its files were
// answered late (config.js in 90 ms against 15 from the federated site's process), a handicap that
// also changed what Lighthouse's simulation counted before the first paint.
//   Started and stopped by bench/run.mjs, which gives it its port (BENCH_SINGLE_PORT).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtinsOnly, compiledBuild, drawnPart, pageDocument } from '@site/rendering/server';
import { createStaticApp, firstVisitTheme, listen, localeOf, looksSignedIn, robotsTxt, securityHeaders, signedInPreconnects } from '@site/site-server';
import * as runtimeConfig from '@site/site-server/runtime-config';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(dirname(here));
const dist = join(here, 'dist');
const port = Number(process.env.BENCH_SINGLE_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_SINGLE_PORT: the port bench/run.mjs gives this server');

// The single bundle's public pages are prerendered as the federated site's are (the same shell
// renderer, compiled with the pages into the single bundle's own server build, and the same
// configuration), their images served from its own origin; so are its signed-in pages, for a
// visitor with the login cookie (the layout around the guard's loading status).
const table = JSON.parse(readFileSync(join(root, 'shell', 'dist', 'routes.json'), 'utf8'));
const index = existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
const renderer = existsSync(join(dist, 'server')) ? readdirSync(join(dist, 'server')).find((file) => /^render\.[0-9a-f]+\.js$/.test(file)) : null;
const rendered = new Map();

const routeAt = (pathname) => table.routes.find((r) => r.path === pathname);
// A signed-in page connects ahead to the origins it calls, as the federated site's does (its only hints).
const signedInCalls = runtimeConfig.signedInCallOrigins(runtimeConfig.browserConfig(process.env));

async function page(pathname, origin, signedIn, locale) {
  const drawn = drawnPart(routeAt(pathname), signedIn);
  if (!renderer || !drawn) return null;
  return { html: await pageHtml(pathname, origin, signedIn, drawn, locale), drawn, personal: false };
}

async function pageHtml(pathname, origin, signedIn, drawn, locale) {
  const key = `${signedIn} ${locale} ${pathname}`;
  if (!rendered.has(key)) {
    const build = await compiledBuild(pathToFileURL(join(dist, 'server', renderer)).href);
    globalThis.__APP_CONFIG__ = runtimeConfig.browserConfig(process.env);
    const { html, styles, title, description } = await build.run(builtinsOnly).renderPage(pathname, { signedIn, locale });
    // A public page's head as the federated site writes it (its canonical address, alternates, social preview).
    const siteOrigin = drawn === 'page' ? `http://localhost:${port}` : null;
    rendered.set(
      key,
      pageDocument(index, { path: pathname, manifestUrl: drawn === 'page' ? `${origin}/` : undefined, html, styles, title, description, signedIn, locale, siteOrigin }),
    );
  }
  return rendered.get(key);
}

await listen(
  createStaticApp({
    root: dist,
    spa: true,
    pageHtml: (c) => {
      const url = new URL(c.req.url);
      // A first visit's theme cookie, as the federated site's server sets it (its pages then read no localStorage as they start).
      firstVisitTheme(c);
      return page(url.pathname, url.origin, looksSignedIn(c), localeOf(c));
    },
    pageLinks: async (c) => signedInPreconnects(c, routeAt(new URL(c.req.url).pathname), signedInCalls, `http://localhost:${port}`).join(', '),
    securityHeaders: (html) => securityHeaders({ html, remotes: null }),
    documents: {
      '/config.js': () => ({ type: 'text/javascript; charset=utf-8', body: runtimeConfig.configScript() }),
      '/robots.txt': () => ({ type: 'text/plain; charset=utf-8', body: robotsTxt(table, `http://localhost:${port}`) }),
    },
  }),
  port,
);
console.error(`[single bundle] on http://localhost:${port}`);
