// One reading of a request's path, shared by every server of the site (the site's, the deployment
// store's, each remote's): percent-decoded once, its dot segments and repeated slashes resolved,
// before any rule looks at it. Every rule (the server builds' key, source maps, standalone pages,
// CORS, caching, the file looked up) reads `c.req.path`, which is this reading (the apps are made
// with siteHono(), whose router is given it), never the address as it came: `/%73erver/x.js` is
// `/server/x.js` to the rule that guards server builds as to the file lookup that would serve it.
// What has no one reading is refused (400): an encoded slash or backslash (`%2F`, `%5C`, which
// would make a segment of what the file system reads as two), a NUL or another control character,
// an encoding that is not UTF-8 (overlong forms such as `%C0%AE`), and a `%` left once decoded (a
// double encoding, which a second decoder anywhere down the line would read otherwise).
import { Hono, type Context, type Env, type MiddlewareHandler } from 'hono';

export type PathReading = { path: string } | { refused: string };

/** The one reading of an address's path (as the URL parser gives it: dot segments resolved, still percent-encoded). */
export function readPath(encoded: string): PathReading {
  if (/%(?:2f|5c)/i.test(encoded)) return { refused: 'an encoded slash' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return { refused: 'an encoding that is not UTF-8' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return { refused: 'a control character' };
  if (decoded.includes('%')) return { refused: 'a double encoding' };
  if (decoded.includes('\\')) return { refused: 'a backslash' };
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = segments.length > 0 && /\/\.{0,2}$/.test(decoded);
  return { path: `/${segments.join('/')}${trailing ? '/' : ''}` };
}

const readings = new WeakMap<Request, PathReading>();

/** The reading of this request's path (read once, then kept with the request). */
export function pathReadingOf(request: Request): PathReading {
  let reading = readings.get(request);
  if (!reading) {
    const url = request.url;
    const start = url.indexOf('/', url.indexOf('://') + 3);
    const end = url.search(/[?#]/);
    reading = readPath(start === -1 ? '/' : url.slice(start, end === -1 ? undefined : end));
    readings.set(request, reading);
  }
  return reading;
}

/** What the router is given: the reading, or for a refused path one no route but `*` matches (refusedPaths answers it). */
const getPath = (request: Request) => {
  const reading = pathReadingOf(request);
  return 'path' in reading ? reading.path : '/\u0000refused';
};

/** A Hono app whose routes and `c.req.path` are the one reading of each request's path. */
export const siteHono = <E extends Env = Env>() => new Hono<E>({ getPath });

/** Answers 400 a path that has no one reading; the first middleware of every app. */
export const refusedPaths = (): MiddlewareHandler => async (c, next) => {
  const reading = pathReadingOf(c.req.raw);
  if ('refused' in reading) return c.text(`Bad Request: the path has ${reading.refused}`, 400, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  return next();
};

/** The request's address with its path as read (what a page is drawn for). */
export function readUrl(c: Context): URL {
  const url = new URL(c.req.url);
  url.pathname = c.req.path;
  return url;
}
