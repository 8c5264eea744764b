// Serves a built app the way it is deployed: compressed, content-hashed assets cached for a
// year as immutable, and the documents that point at them (HTML, manifests, remote entries,
// the remotes document, the runtime config) revalidated on every load.
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { secureHeaders as secureHeadersOf } from 'hono/secure-headers';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SecurityHeaders } from './securityHeaders';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|jpe?g|webp|avif|svg|woff2?)$/;

export type Document = () => { type: string; body: string };

export interface StaticAppOptions {
  root: string;
  /** Every path that is not a file is a page of the app (index.html, or its prerendered HTML). */
  spa?: boolean;
  cors?: boolean;
  documents?: Record<string, Document>;
  /** Computed for each response (the configuration they follow may change), from the HTML served. */
  securityHeaders?: (html: string) => SecurityHeaders;
  /** The HTML of the page at this request when it is not index.html (a prerendered page). */
  pageHtml?: (c: Context) => Promise<string | null>;
  /** The Link header (preload hints) of the page served. */
  pageLinks?: (c: Context, page: { prerendered: boolean }) => Promise<string>;
  /** How long a page may wait for its prerendered HTML and its hints, together (default PAGE_WAIT_MS). */
  pageWaitMs?: number;
}

/**
 * A page is never held longer than this for what only speeds it up: past it, it is served as
 * index.html (the browser draws it) or without hints, and the work goes on for the next visitor.
 */
export const PAGE_WAIT_MS = 10_000;

/**
 * Brotli's quality for a page, compressed as it is asked for: at 5, /aboutus's HTML is 7% smaller
 * than at gzip's best (5.7 against 6.1 KB), in 0.35 ms; the highest (11, the build's files') took
 * 14 ms there, and the landing page's HTML reached the browser 60 ms later than with gzip.
 */
const PAGE_BROTLI_QUALITY = 5;

type Env = { Variables: { pageHtml: string } };

export function createStaticApp({ root, spa = false, cors: allowCors = false, documents = {}, securityHeaders, pageLinks, pageHtml, pageWaitMs = PAGE_WAIT_MS }: StaticAppOptions) {
  const app = new Hono<Env>();
  const rel = relative(process.cwd(), root) || '.';
  const index = existsSync(join(root, 'index.html')) ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  app.use('*', compress());
  if (allowCors) app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  app.use('*', async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    c.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    // A page's own HTML (a prerendered page has its own inline script), else index.html's: known
    // once the handler has run, so Hono's middleware runs here with the headers of this response.
    if (securityHeaders) await secureHeadersOf(securityHeaders(c.get('pageHtml') ?? index))(c, async () => undefined);
  });
  for (const [path, render] of Object.entries(documents)) {
    app.get(path, (c) => {
      const { type, body } = render();
      return c.body(body, 200, { 'Content-Type': type });
    });
  }
  // A page is compressed whole and sent in one piece (kept for the next request): streamed through
  // the compressor, its first piece could end inside the header, and a browser that draws what it
  // has would move the header once the rest arrived (a layout shift). Brotli where the browser takes
  // it (every current one does), as the build's files are sent (precompressed below), at a quality
  // made for compressing while the visitor waits (PAGE_BROTLI_QUALITY).
  const compressed = new Map<string, Buffer>();
  const sendPage = (c: Context<Env>, html: string, headers: Record<string, string>) => {
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return c.html(html, 200, headers);
    const key = `${encoding} ${html}`;
    let body = compressed.get(key);
    if (!body) {
      if (compressed.size >= 64) compressed.clear(); // pages × remote versions × encodings: a handful
      body = encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }) : gzipSync(html, { level: 9 });
      compressed.set(key, body);
    }
    return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': encoding, Vary: `Accept-Encoding, ${headers.Vary}` });
  };
  // A page that cannot be prerendered, or hinted, in time is still served: as index.html, without hints.
  const page = async (c: Context<Env>) => {
    const until = Date.now() + pageWaitMs;
    /** What a piece of work gives, or `otherwise` once the page has waited long enough for it. */
    const inTime = <T>(work: Promise<T>, otherwise: T, what: string): Promise<T> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<T>((resolve) => {
        timer = setTimeout(
          () => {
            console.error(`${c.req.path} is served without ${what}: not ready after ${pageWaitMs} ms`);
            resolve(otherwise);
          },
          Math.max(0, until - Date.now()),
        );
      });
      return Promise.race([work, late]).finally(() => clearTimeout(timer));
    };
    const rendering = Promise.resolve(pageHtml?.(c) ?? null).catch((error: Error) => {
      console.error(`${c.req.path} is served empty: ${error.message}`);
      return null;
    });
    const prerendered = await inTime(rendering, null, 'its prerendered HTML');
    const links = pageLinks
      ? await inTime(
          pageLinks(c, { prerendered: prerendered !== null }).catch(() => ''),
          '',
          'its preload hints',
        )
      : '';
    const html = prerendered ?? index;
    c.set('pageHtml', html);
    // The page depends on the visitor's cohort (its cookie): a shared cache must not mix them.
    return sendPage(c, html, { Vary: 'Cookie', ...(links ? { Link: links } : {}) });
  };
  // The site's root is a page too (not the static index.html), with its own hints.
  if (spa) app.get('/', page);
  // The build's files as its build compressed them (name.js.br, name.js.gz: tools/webpack.cjs
  // precompressed), where the browser takes that encoding; any other file through compress() above.
  app.use('*', serveStatic({ root: rel, precompressed: true }));
  if (spa) app.get('*', page);
  return app;
}

export interface Listening {
  port: number;
  close: () => Promise<void>;
}

/** Starts a server; resolves with a handle whose close() ends open connections too. */
export function listen(app: { fetch: (request: Request) => Response | Promise<Response> }, port: number, hostname = '127.0.0.1'): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) =>
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      }),
    );
    server.on('error', reject);
  });
}
