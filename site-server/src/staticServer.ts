// Serves a built app the way it is deployed: compressed, content-hashed assets cached for a
// year as immutable, and the documents that point at them (HTML, manifests, remote entries,
// the remotes document, the runtime config) revalidated on every load.
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { secureHeaders as secureHeadersOf } from 'hono/secure-headers';
import { getMimeType } from 'hono/utils/mime';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { createHash, timingSafeEqual } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import rangeParser from 'range-parser';
import { PERSONAL_PAGE_TTL_MS, type DrawnPart, type PageAnswer } from '@site/rendering/server';
import type { Locale } from '@site/shared-ui/locales';
import { assignRequestId, siteLogger, type Logger } from './logging';
import { refusedPaths, siteHono } from './requestPath';
import { SERVER_BUILD_KEY_HEADER } from './runtimeConfig';
import type { SecurityHeaders } from './securityHeaders';
import { cacheControlOf } from './cachePolicy';

export type Document = () => { type: string; body: string };

/** A response that carries a user's data: no cache, shared or private, keeps it. */
const PERSONAL = 'private, no-store';

/** Pages kept compressed: pages × remote versions × sign-in hints × languages × encodings; the least recently sent is dropped first. */
export const MAX_COMPRESSED_PAGES = 64;
/** Personal pages kept compressed, in bytes (about 7 KB a page), in each process. */
const MAX_PERSONAL_COMPRESSED_BYTES = 16_000_000;

/** What a browser loads across origins (a remote's code, manifests and styles, the remotes document, fonts): the only files CORS opens. */
const CROSS_ORIGIN_FILES = /\.(m?js|css|json|woff2?)$/;

/** A server build (a render entry, the shell's renderer): a path with a `server/` folder. */
const SERVER_BUILD = /(^|\/)server\//;

/** A path naming a file (its last segment has an extension), not a page. */
const MISSING_FILE = /\/[^/]*\.[A-Za-z0-9]+$/;

/** A script (served without a validator: see the validators' middleware). */
const SCRIPT = /\.m?js$/;

/** A source map. */
const SOURCE_MAP = /\.map$/;

export interface StaticAppOptions {
  root: string;
  /** Every path that is not a file is a page of the app (index.html, or its prerendered HTML). */
  spa?: boolean;
  /** Open to other origins' scripts: the files browsers load across origins (CROSS_ORIGIN_FILES), never a page, a document or an error. */
  cors?: boolean;
  /**
   * The key (runtimeConfig.ts, SERVER_BUILD_KEY_HEADER) without which no server build is given:
   * only the site's server has it. None: server builds are given to no one (404).
   */
  serverBuildsKey?: string | null;
  /** Whether source maps are served (SOURCE_MAPS=public; otherwise they are kept for error reports, 404 here). */
  sourceMaps?: boolean;
  documents?: Record<string, Document>;
  /**
   * The headers of a response, from the HTML served and its id (the page's, PageAnswer; index.html's
   * own: INDEX_ID): asked for each response (the configuration they follow may change). The same
   * object again is the same headers: Hono's middleware for them is made once.
   */
  securityHeaders?: (html: string, id: string) => SecurityHeaders;
  /** What to answer for the page at this request when it is not index.html (HTML the server drew, or a redirect). */
  pageHtml?: (c: Context) => Promise<PageAnswer | null>;
  /** The Link header (preload hints) of the page served, for what its HTML draws (null: nothing, index.html). */
  pageLinks?: (c: Context, page: { drawn: DrawnPart | null }) => Promise<string>;
  /** How long a page may wait for its prerendered HTML and its hints, together (default PAGE_WAIT_MS). */
  pageWaitMs?: number;
  /** How long any request may go unanswered (default REQUEST_DEADLINE_MS). */
  requestDeadlineMs?: number;
  /** Where its lines go, each with its request's id (default: the site's server's logger). */
  logger?: Logger;
}

/**
 * A page is never held longer than this for what only speeds it up: past it, it is served as
 * index.html (the browser draws it) or without hints, and the work goes on for the next visitor.
 */
export const PAGE_WAIT_MS = 10_000;

/**
 * Brotli's quality for a page, compressed as it is asked for: at 5, /aboutus's HTML is 7% smaller
 * than at gzip's best (5.7 against 6.1 KB), in 0.35 ms; the highest (11, the build's files') took
 * 14 ms there, and the landing page's HTML reached the browser 60 ms later than with gzip. A public
 * page is compressed once and kept, so it takes 5.
 */
const PAGE_BROTLI_QUALITY = 5;

/**
 * A personal page (a signed-in user's) is compressed while its user waits (kept only for the same
 * HTML again, the same user's next request answered the same): at 3 a subscriber's device tab
 * (21 KB of HTML) is 7.05 KB in 0.19 ms, against 6.74 KB in 0.33 ms at 4, 6.36 KB in 0.41 ms at 5
 * and 6.84 KB in 0.29 ms at gzip's 6 (one core of this machine, another busy; 1,000 times each).
 */
const PERSONAL_PAGE_BROTLI_QUALITY = 3;

/**
 * Brotli's settings for a page of `size` bytes: its quality, and a window no larger than the page
 * (2^10 to 2^24 bytes, Brotli's own bounds outside its large-window mode). Node's compressor keeps
 * the default 4 MB window whatever the input; each page's compression then allocated and touched
 * memory for it, and a signed-in page (about 21 KB) took 0.85 ms of the server's CPU to compress.
 */
export const pageBrotliParams = (size: number, { personal = false }: { personal?: boolean } = {}) => ({
  [constants.BROTLI_PARAM_QUALITY]: personal ? PERSONAL_PAGE_BROTLI_QUALITY : PAGE_BROTLI_QUALITY,
  [constants.BROTLI_PARAM_LGWIN]: Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1)))),
  [constants.BROTLI_PARAM_SIZE_HINT]: size,
});

/**
 * Every request is answered within this, whatever it waits on: a page waits PAGE_WAIT_MS at most
 * for what only speeds it up, a file or a document for nothing but the disk. Past it the request is
 * answered 503 (try again) and logged with what it was waiting on.
 */
export const REQUEST_DEADLINE_MS = 15_000;

type Env = { Variables: { pageHtml: string; pageId: string; personal: boolean; waitingOn: string; servedFile: string } };

/** The id of the app's own index.html, served for a page the server did not draw (ids of drawn pages: PageAnswer's). */
export const INDEX_ID = 'index.html';

// The site's common strings (read as data: an import of JSON needs an attribute some of the site's loaders refuse).
const strings = (locale: Locale) => createRequire(import.meta.url)(`@site/shared-ui/i18n/common.${locale}.json`) as { serverBusy: { title: string; body: string } };
const commonRo = strings('ro');
const commonEn = strings('en');

/** What a request answered past its deadline says, in both of the site's languages (Romanian first, its default). */
const NOT_IN_TIME = `<!doctype html><html lang="ro"><meta charset="utf-8"><title>${commonRo.serverBusy.title}</title><h1>${commonRo.serverBusy.title}</h1><p>${commonRo.serverBusy.body}</p><div lang="en"><h2>${commonEn.serverBusy.title}</h2><p>${commonEn.serverBusy.body}</p></div></html>`;

/** Whether two keys are the same, in a time that does not say how much of them is. */
const sameKey = (given: string | undefined, key: string) => given !== undefined && given.length === key.length && timingSafeEqual(Buffer.from(given), Buffer.from(key));

/**
 * The file a request's path (its one reading: requestPath.ts) names under `root`, or null (none, or a folder).
 */
function fileAt(root: string, path: string): { path: string; size: number; modified: Date } | null {
  const file = join(root, path);
  try {
    const stats = statSync(file);
    return stats.isFile() ? { path: file, size: stats.size, modified: stats.mtime } : null;
  } catch {
    return null;
  }
}

/** A file's strong validator: its size and time of change (a published file is never rewritten; a rebuilt one changes both). */
const fileTag = (file: { size: number; modified: Date }) => `"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`;

/**
 * Whether an If-Range validator is the file's current one (RFC 9110, 13.1.5): an entity tag by
 * strong comparison (a weak one never matches), a date only when it is the file's Last-Modified and
 * that is at least a second before now (a strong validator then). Anything else: the whole file.
 */
function ifRangeHolds(validator: string, file: { size: number; modified: Date }): boolean {
  const tag = validator.trim();
  if (tag.startsWith('"') || tag.startsWith('W/')) return tag === fileTag(file);
  const date = Date.parse(tag);
  const modified = Math.floor(file.modified.getTime() / 1000) * 1000;
  return !Number.isNaN(date) && date === modified && modified <= Date.now() - 1000;
}

/**
 * The headers a 304 keeps of the 200 it stands for (the rest are set again on the way out: cache,
 * security); CORS's too: a browser checks a cross-origin revalidation's 304 as it would the 200, and
 * a preload refused there is fetched again. And the type: Chrome's opaque-response blocking judges a
 * cross-origin 304 of a no-cors request (a script, an image) by it, and blocks one without it
 * (net::ERR_BLOCKED_BY_ORB, seen with CDP on a remote's file revalidated from another origin).
 */
const KEPT_ON_304 = new Set(['etag', 'vary', 'content-location', 'expires', 'date', 'content-type']);
const keptOn304 = (name: string) => KEPT_ON_304.has(name) || name.startsWith('access-control-');

/** The methods every server of the site answers (a file, a page or a document is only ever read). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export function createStaticApp({
  root,
  spa = false,
  cors: allowCors = false,
  serverBuildsKey = null,
  sourceMaps = false,
  documents = {},
  securityHeaders,
  pageLinks,
  pageHtml,
  pageWaitMs = PAGE_WAIT_MS,
  requestDeadlineMs = REQUEST_DEADLINE_MS,
  logger = siteLogger,
}: StaticAppOptions) {
  const app = siteHono<Env>();
  const rel = relative(process.cwd(), root) || '.';
  // Hono's middleware for a set of security headers, made once for it (its Content-Security-Policy
  // is written out as it is made).
  const middlewareOf = new WeakMap<SecurityHeaders, ReturnType<typeof secureHeadersOf>>();
  const headersMiddleware = (headers: SecurityHeaders) => {
    let middleware = middlewareOf.get(headers);
    if (!middleware) middlewareOf.set(headers, (middleware = secureHeadersOf(headers)));
    return middleware;
  };
  const index = existsSync(join(root, 'index.html')) ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  /** A line about this request: its id, method and path beside the message. */
  const requestLine = (c: Context<Env>) => ({ requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
  // The path's one reading before anything else reads it (requestPath.ts).
  app.use('*', refusedPaths());
  app.use('*', assignRequestId());
  /** What other origins' scripts may read: the files browsers load across origins, never a server build or a document. */
  const crossOrigin = (path: string) => allowCors && CROSS_ORIGIN_FILES.test(path) && !SERVER_BUILD.test(path) && !(path in documents);
  // Every method is answered: GET and HEAD read; OPTIONS says what may be done (with the CORS
  // preflight's answer where CORS applies), without a body; anything else, 405.
  app.use('*', async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const headers: Record<string, string> = { Allow: ALLOWED_METHODS, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    if (method !== 'OPTIONS') return c.text('Method Not Allowed', 405, headers);
    if (crossOrigin(c.req.path) && c.req.header('Origin')) {
      headers['Access-Control-Allow-Origin'] = '*';
      headers['Access-Control-Allow-Methods'] = 'GET, HEAD';
      const asked = c.req.header('Access-Control-Request-Headers');
      if (asked) headers['Access-Control-Allow-Headers'] = asked;
      headers['Access-Control-Max-Age'] = '86400';
      headers.Vary = 'Access-Control-Request-Headers';
    }
    return c.body(null, 204, headers);
  });
  app.use('*', async (c, next) => {
    c.set('waitingOn', 'a file or document');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), requestDeadlineMs);
    });
    const outcome = await Promise.race([next().then(() => 'answered' as const), late]).finally(() => clearTimeout(timer));
    if (outcome === 'late') {
      logger.error(requestLine(c), `answered 503: no answer within ${requestDeadlineMs} ms (waiting on ${c.get('waitingOn')})`);
      return c.html(NOT_IN_TIME, 503, { 'Retry-After': '1', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    }
  });
  app.use('*', compress());
  if (allowCors) {
    const openCors = cors({ origin: '*', allowMethods: ['GET', 'HEAD'] });
    app.use('*', async (c, next) => {
      if (!crossOrigin(c.req.path)) return next();
      await openCors(c, next);
      // An error, or a page answered for a path that is no file, is nobody's to read across origins.
      if (c.res.status >= 400 || /^text\/html/.test(c.res.headers.get('Content-Type') ?? '')) c.header('Access-Control-Allow-Origin', undefined);
    });
  }
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    // An error is kept by no cache: the file may be there on the next try.
    c.header('Cache-Control', c.get('personal') ? PERSONAL : c.res.status >= 400 ? 'no-store' : cacheControlOf(path));
    c.header('X-Content-Type-Options', 'nosniff');
    // A page's own HTML (a prerendered page has its own inline script), else index.html's: known
    // once the handler has run, so Hono's middleware runs here with the headers of this response.
    if (securityHeaders) await headersMiddleware(securityHeaders(c.get('pageHtml') ?? index, c.get('pageId') ?? INDEX_ID))(c, async () => undefined);
  });
  // A validator on what is revalidated (a file's: serveStatic's onFound below; a document's: its
  // bytes' digest), so that a revalidation that finds it unchanged is a 304 without the body. Not
  // on a page: drawn per visitor (its cookies), never the same bytes for long. Nor on a script named
  // without a hash (the shell's main.js; a remote's entry is named by its content and kept a year):
  // on a visit's second page Chrome's preload revalidates the copy the last page left in its memory
  // (a 304), and the page's script, not matching that preload, downloads it whole once more (seen
  // with CDP, e2e/tests/server.spec.ts "/pricing as its loading status"); without a validator the
  // preload's answer is the one the page uses, and no second request waits on it.
  app.use('*', async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (c.res.status !== 200 || c.get('personal') || /^text\/html/.test(type)) return;
    let tag = c.res.headers.get('ETag');
    if (!tag) {
      const file = c.get('servedFile');
      if (file && SCRIPT.test(c.req.path)) return;
      if (file) {
        const stats = statSync(file);
        tag = fileTag({ size: stats.size, modified: stats.mtime });
      } else if (c.req.path in documents)
        tag = `"${createHash('sha256')
          .update(Buffer.from(await c.res.clone().arrayBuffer()))
          .digest('base64url')
          .slice(0, 27)}"`;
      else return;
      c.header('ETag', tag);
    }
    const strip = (value: string) => value.trim().replace(/^W\//, '');
    const asked = c.req.header('If-None-Match');
    if (asked !== undefined && (asked.trim() === '*' || asked.split(',').some((value) => strip(value) === strip(tag)))) {
      const whole = c.res;
      await whole.body?.cancel();
      // The 304 keeps only the names above, from the answer it stands for (Hono's carrying of the
      // replaced answer's headers leaves its type out).
      c.res = new Response(null, { status: 304, headers: [...whole.headers].filter(([name]) => keptOn304(name)) });
      for (const name of [...c.res.headers.keys()]) if (!keptOn304(name)) c.res.headers.delete(name);
    }
  });
  // What is not the browsers': server builds (to the site's server alone, by its key), source maps (unless public).
  app.use('*', async (c, next) => {
    const path = c.req.path;
    const serverBuild = SERVER_BUILD.test(path) && !(serverBuildsKey !== null && sameKey(c.req.header(SERVER_BUILD_KEY_HEADER), serverBuildsKey));
    if (serverBuild || (!sourceMaps && SOURCE_MAP.test(path))) return c.text('Not Found', 404);
    return next();
  });
  // A byte range of a file, checked before serveStatic (which answers an unsatisfiable one with a
  // 500): malformed, 400; past the file's end, 416 with its size; one range, 206 of the file's own
  // bytes (not of a compressed copy); several, or another unit, the whole file (as RFC 9110 allows).
  app.get('*', async (c, next) => {
    const range = c.req.header('Range');
    if (range === undefined) return next();
    const file = fileAt(rel, c.req.path);
    if (!file) return next();
    const type = getMimeType(file.path) ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Accept-Ranges': 'bytes', ETag: fileTag(file), 'Last-Modified': file.modified.toUTCString() };
    const ifRange = c.req.header('If-Range');
    const ranges = ifRange !== undefined && !ifRangeHolds(ifRange, file) ? null : rangeParser(file.size, range, { combine: true });
    if (ranges === -2) return c.text('Bad Request: malformed Range header', 400);
    if (ranges === -1) return c.text('Range Not Satisfiable', 416, { 'Content-Range': `bytes */${file.size}` });
    if (ranges === null || ranges.type !== 'bytes' || ranges.length !== 1) {
      return c.body(Readable.toWeb(createReadStream(file.path)) as ReadableStream, 200, { ...headers, 'Content-Length': String(file.size) });
    }
    const { start, end } = ranges[0]!;
    return c.body(Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream, 206, {
      ...headers,
      'Content-Length': String(end - start + 1),
      'Content-Range': `bytes ${start}-${end}/${file.size}`,
    });
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
  // made for compressing while the visitor waits (PAGE_BROTLI_QUALITY; a personal page's, lower).
  // A personal page (a user's data) is kept compressed apart, in memory only, as long as the page
  // drawer keeps its HTML for that user's next request (PERSONAL_PAGE_TTL_MS): the same HTML again
  // is the same user's same page, drawn from the same answers. Each kept under its id (the same id,
  // the same HTML: PageAnswer), not the page itself: V8 hashes a string longer than 16,383
  // characters by its length alone, so pages as keys would share a hash and every lookup would
  // compare whole pages (1.5 ms a signed-in page, profiled); nor a digest of it, which cost every
  // page a SHA-256 of its HTML (0.05 ms, a tenth of a public page's CPU, profiled).
  const compressed = new LRUCache<string, Buffer>({ max: MAX_COMPRESSED_PAGES });
  const compressedPersonal = new LRUCache<string, Buffer>({ maxSize: MAX_PERSONAL_COMPRESSED_BYTES, sizeCalculation: (body) => body.length, ttl: PERSONAL_PAGE_TTL_MS });
  const sendPage = (c: Context<Env>, { html, id }: { html: string; id: string }, headers: Record<string, string>, personal: boolean, status: 200 | 404) => {
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return c.html(html, status, headers);
    const key = `${encoding} ${id}`;
    const kept = personal ? compressedPersonal : compressed;
    let body = kept.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(html, { params: pageBrotliParams(Buffer.byteLength(html), { personal }) }) : gzipSync(html, { level: 9 });
      kept.set(key, body);
    }
    return c.body(new Uint8Array(body), status, { ...headers, 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': encoding, Vary: `Accept-Encoding, ${headers.Vary}` });
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
            logger.warn(requestLine(c), `served without ${what}: not ready after ${pageWaitMs} ms`);
            resolve(otherwise);
          },
          Math.max(0, until - Date.now()),
        );
      });
      return Promise.race([work, late]).finally(() => clearTimeout(timer));
    };
    c.set('waitingOn', 'its server-drawn HTML');
    const rendering = Promise.resolve(pageHtml?.(c) ?? null).catch((error: Error) => {
      logger.error(requestLine(c), `served empty: ${error.message}`);
      return null;
    });
    const drawn = await inTime(rendering, null, 'its server-drawn HTML');
    // The page depends on the visitor's cohort and sign-in (its cookies): a shared cache must not mix them.
    if (drawn && 'redirect' in drawn) {
      c.set('personal', true);
      c.header('Vary', 'Cookie');
      return c.redirect(drawn.redirect, 302);
    }
    c.set('waitingOn', 'its preload hints');
    const links = pageLinks
      ? await inTime(
          pageLinks(c, { drawn: drawn?.drawn ?? null }).catch(() => ''),
          '',
          'its preload hints',
        )
      : '';
    const served = drawn ?? { html: index, id: INDEX_ID };
    const personal = drawn?.personal ?? false;
    c.set('pageHtml', served.html);
    c.set('pageId', served.id);
    c.set('personal', personal);
    c.set('waitingOn', 'its compression');
    return sendPage(c, served, { Vary: 'Cookie', ...(links ? { Link: links } : {}) }, personal, drawn?.status ?? 200);
  };
  // The site's root is a page too (not the static index.html), with its own hints.
  if (spa) app.get('/', page);
  // The build's files as its build compressed them (name.js.br, name.js.gz: tools/webpack/chunks.cjs
  // precompressed), where the browser takes that encoding; any other file through compress() above.
  // Each with its validator (of the file sent: the compressed copy or the file itself), so that a
  // revalidation of what is not immutable (a manifest, a remote entry) is a 304.
  app.use(
    '*',
    serveStatic({
      root: rel,
      precompressed: true,
      onFound: (path, c) => c.set('servedFile', path),
    }),
  );
  // A file that is not there (a name with an extension: no page of the site has one) is a plain 404.
  if (spa) app.get('*', (c) => (MISSING_FILE.test(c.req.path) ? c.text('Not Found', 404) : page(c)));
  return app;
}
