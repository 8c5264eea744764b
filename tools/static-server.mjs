// Serves a built app the way it is deployed: compressed, content-hashed assets cached for a
// year as immutable, and the documents that point at them (HTML, manifests, remote entries,
// the remotes document, the runtime config) revalidated on every load.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|jpe?g|webp|avif|svg|woff2?)$/;

/**
 * @param {{ root: string, spa?: boolean, cors?: boolean,
 *           documents?: Record<string, () => { type: string, body: string }>,
 *           securityHeaders?: (html: string) => Record<string, string>,
 *           pageLinks?: (pathname: string, origin: string, page: { prerendered: boolean }) => Promise<string>,
 *           pageHtml?: (pathname: string, origin: string) => Promise<string | null> }} options
 *   securityHeaders: computed for each response (the configuration they follow may change), from
 *     the HTML of the page served (index.html for any other response);
 *   pageLinks: the Link header (preload hints) of the page served at a path;
 *   pageHtml: the HTML of a page served at a path, when it is not index.html (a prerendered page)
 */
export function createStaticApp({ root, spa = false, cors: allowCors = false, documents = {}, securityHeaders, pageLinks, pageHtml }) {
  const app = new Hono();
  const rel = relative(process.cwd(), root) || '.';
  const index = existsSync(join(root, 'index.html')) ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  app.use('*', compress());
  if (allowCors) app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  app.use('*', async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    c.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    // A page's own HTML (a prerendered page has its own inline script), else index.html's.
    for (const [name, value] of Object.entries(securityHeaders?.(c.get('pageHtml') ?? index) ?? {})) c.header(name, value);
  });
  for (const [path, render] of Object.entries(documents)) {
    app.get(path, (c) => {
      const { type, body } = render();
      return c.body(body, 200, { 'Content-Type': type });
    });
  }
  // A page is compressed whole and sent in one piece (kept for the next request): streamed through
  // the compressor, its first piece could end inside the header, and a browser that draws what it
  // has would move the header once the rest arrived (a layout shift).
  const compressed = new Map();
  const sendPage = (c, html, headers) => {
    if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.html(html, 200, headers);
    let body = compressed.get(html);
    if (!body) {
      if (compressed.size >= 32) compressed.clear(); // pages × remote addresses: a handful
      body = gzipSync(html, { level: 9 });
      compressed.set(html, body);
    }
    return c.body(body, 200, { ...headers, 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
  };
  const page = async (c) => {
    const url = new URL(c.req.url);
    const prerendered = await pageHtml?.(url.pathname, url.origin);
    const links = pageLinks ? await pageLinks(url.pathname, url.origin, { prerendered: Boolean(prerendered) }) : '';
    c.set('pageHtml', prerendered ?? index);
    return sendPage(c, prerendered ?? index, links ? { Link: links } : {});
  };
  // The site's root is a page too (not the static index.html), with its own hints.
  if (spa) app.get('/', page);
  app.use('*', serveStatic({ root: rel }));
  if (spa) app.get('*', page);
  return app;
}

/** Starts a server; resolves with a handle whose close() ends open connections too. */
export function listen(app, port, hostname = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => resolve({
      port,
      close: () => new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections?.();
      }),
    }));
    server.on('error', reject);
  });
}
