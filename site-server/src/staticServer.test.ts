import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib, { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createLogger } from './logging';
import { createStaticApp, MAX_COMPRESSED_PAGES, pageBrotliParams } from './staticServer';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const PRERENDERED = '<!doctype html><html><head></head><body><div id="root"><h1>Contact</h1></div></body></html>';
const never = new Promise<never>(() => {});

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(root, 'index.html'), INDEX);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A logger whose JSON lines the test reads, as the site's server writes them. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  return { lines, logger };
}

describe('a page of the production server', () => {
  let logged: ReturnType<typeof logLines>;
  beforeEach(() => {
    logged = logLines();
  });

  it('is served prerendered, with its hints, when both are ready in time', async () => {
    const app = createStaticApp({
      root,
      spa: true,
      pageWaitMs: 1_000,
      pageHtml: async () => ({ html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false }),
      pageLinks: async () => '</a.js>; rel=preload; as=script',
      logger: logged.logger,
    });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBe('</a.js>; rel=preload; as=script');
    expect(logged.lines).toEqual([]);
  });

  it('whose render never ends is served empty once it has waited long enough, and the wait is logged', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: () => never, logger: logged.logger });
    const response = await app.request('/contact');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    // One JSON line, with the id the response carries.
    expect(logged.lines).toEqual([
      expect.objectContaining({
        level: 40,
        service: 'site-server',
        requestId: response.headers.get('X-Request-Id'),
        method: 'GET',
        path: '/contact',
        msg: 'served without its server-drawn HTML: not ready after 50 ms',
      }),
    ]);
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('whose hints never come is served without them', async () => {
    const app = createStaticApp({
      root,
      spa: true,
      pageWaitMs: 50,
      pageHtml: async () => ({ html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false }),
      pageLinks: () => never,
      logger: logged.logger,
    });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBeNull();
    expect(logged.lines).toEqual([expect.objectContaining({ level: 40, path: '/contact', msg: 'served without its preload hints: not ready after 50 ms' })]);
  });

  it("is logged with the caller's request id when it sends a plain one, and a new one otherwise", async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: () => never, logger: logged.logger });
    const given = await app.request('/contact', { headers: { 'X-Request-Id': 'edge-4f2a_9=' } });
    expect(given.headers.get('X-Request-Id')).toBe('edge-4f2a_9=');
    const refused = await app.request('/contact', { headers: { 'X-Request-Id': 'not plain; at all' } });
    expect(refused.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.lines.map((line) => line.requestId)).toEqual(['edge-4f2a_9=', refused.headers.get('X-Request-Id')]);
  });

  it('is logged without anything of its visitor: no cookie, no token, no query', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: () => never, logger: logged.logger });
    await app.request('/newsletter-confirm?token=eyJ.secret.part', { headers: { Cookie: 'loginCookie=eyJ.token.value', Authorization: 'Bearer eyJ.token.value' } });
    expect(JSON.stringify(logged.lines)).not.toMatch(/eyJ|secret|loginCookie/);
  });
});

describe('every request of the production server', () => {
  let logged: ReturnType<typeof logLines>;
  beforeEach(() => {
    logged = logLines();
  });

  it('is answered within its deadline whatever it waits on: a 503 to try again, logged with what it waited on', async () => {
    let finish!: () => void;
    const held = new Promise<null>((resolve) => (finish = () => resolve(null)));
    const app = createStaticApp({ root, spa: true, pageWaitMs: 60_000, requestDeadlineMs: 50, pageHtml: () => held, logger: logged.logger });
    const response = await app.request('/contact');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('1');
    // Said in both languages, the site's default first.
    const said = await response.text();
    expect(said).toMatch(/<html lang="ro">.*Site-ul nu a putut răspunde la timp.*<div lang="en">.*The site could not answer in time/s);
    expect(logged.lines).toEqual([
      expect.objectContaining({
        level: 50,
        requestId: response.headers.get('X-Request-Id'),
        method: 'GET',
        path: '/contact',
        msg: 'answered 503: no answer within 50 ms (waiting on its server-drawn HTML)',
      }),
    ]);
    // The late work still ends (its answer goes nowhere).
    finish();
  });

  it('is answered as usual when it is in time', async () => {
    const app = createStaticApp({
      root,
      spa: true,
      requestDeadlineMs: 1_000,
      pageHtml: async () => ({ html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false }),
      logger: logged.logger,
    });
    expect((await app.request('/contact')).status).toBe(200);
    expect(logged.lines).toEqual([]);
  });
});

describe("a page that carries a user's data (a signed-in page the server drew for them)", () => {
  const PERSONAL = '<!doctype html><html><head></head><body><div id="root"><h1>Bine ați venit, Ana</h1></div></body></html>';

  it('is private to that visitor and kept by no cache: private, no-store, varying by cookie', async () => {
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: PERSONAL, id: 'personal', drawn: 'page' as const, personal: true }) });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.request('/account', { headers: { 'Accept-Encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('Vary')).toContain('Cookie');
    }
  });

  it('is compressed once for the same HTML, at the quality for what it is: a public page kept, a personal one kept apart for the same HTML only', async () => {
    const compress = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      for (const personal of [false, true]) {
        const html = personal ? PERSONAL : PRERENDERED;
        const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html, id: `page ${personal}`, drawn: 'page' as const, personal }) });
        compress.mockClear();
        for (let i = 0; i < 3; i += 1) await app.request('/page', { headers: { 'Accept-Encoding': 'br' } });
        expect([personal, compress.mock.calls.length]).toEqual([personal, 1]);
        // Kept, the public page's quality; the personal page's, lower (made while its user waits).
        const quality = (compress.mock.calls[0]![1] as { params: Record<number, number> }).params[zlib.constants.BROTLI_PARAM_QUALITY];
        expect([personal, quality]).toEqual([personal, personal ? 3 : 5]);
      }
      // Two users' pages, taking turns: each compressed once, each answered with its own.
      compress.mockClear();
      let turn = 0;
      const pages = [PERSONAL, PERSONAL.replace('Ana', 'Ion')];
      const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: pages[turn % 2]!, id: `page ${turn++ % 2}`, drawn: 'page' as const, personal: true }) });
      const sent: string[] = [];
      for (let i = 0; i < 4; i += 1)
        sent.push(brotliDecompressSync(Buffer.from(await (await app.request('/page', { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer())).toString());
      expect(sent).toEqual([pages[0], pages[1], pages[0], pages[1]]);
      expect(compress.mock.calls.length).toBe(2);
    } finally {
      compress.mockRestore();
    }
  });

  it('a public page is kept compressed among the ones sent most recently, up to the bound', async () => {
    const compress = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      const app = createStaticApp({
        root,
        spa: true,
        pageHtml: async (c) => ({ html: `${PRERENDERED}<!-- ${c.req.path} -->`, id: c.req.path, drawn: 'page' as const, personal: false }),
      });
      const send = (path: string) => app.request(path, { headers: { 'Accept-Encoding': 'br' } });
      const compressions = (path: string) => compress.mock.calls.filter(([html]) => String(html).endsWith(`<!-- ${path} -->`)).length;
      await send('/first');
      await send('/second');
      for (let i = 0; i < MAX_COMPRESSED_PAGES - 2; i += 1) await send(`/page-${i}`);
      // Full: /first is sent again, so /second is now the one sent least recently.
      await send('/first');
      await send('/one-more');
      await send('/first');
      expect(compressions('/first')).toBe(1);
      await send('/second');
      expect(compressions('/second')).toBe(2);
    } finally {
      compress.mockRestore();
    }
  });

  it("is a private redirect when the page's guards send the user elsewhere", async () => {
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ redirect: '/account-pricing' }) });
    const response = await app.request('/account');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account-pricing');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Vary')).toContain('Cookie');
  });

  it('a public page stays revalidated by browsers (no-cache)', async () => {
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false }) });
    expect((await app.request('/contact')).headers.get('Cache-Control')).toBe('no-cache');
  });
});

describe('compression', () => {
  const CODE = `export const words = ${JSON.stringify('vedere '.repeat(2_000))};\n`;
  /** The response's encoding, and its body decoded by it. */
  const decoded = async (response: Response) => {
    const body = Buffer.from(await response.arrayBuffer());
    const encoding = response.headers.get('Content-Encoding');
    return { encoding, text: (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString() };
  };

  beforeAll(() => {
    // A built file with the two compressed copies its build writes beside it (tools/webpack/chunks.cjs).
    writeFileSync(join(root, 'main.0123456789ab.js'), CODE);
    writeFileSync(join(root, 'main.0123456789ab.js.br'), brotliCompressSync(CODE));
    writeFileSync(join(root, 'main.0123456789ab.js.gz'), gzipSync(CODE));
  });

  it("sends a build's file as its build compressed it, brotli first, in the encoding the browser takes", async () => {
    const app = createStaticApp({ root });
    const brotli = await app.request('/main.0123456789ab.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers.get('Content-Type')).toMatch(/javascript/);
    expect(brotli.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await decoded(brotli)).toEqual({ encoding: 'br', text: CODE });
    expect(await decoded(await app.request('/main.0123456789ab.js', { headers: { 'Accept-Encoding': 'gzip' } }))).toEqual({ encoding: 'gzip', text: CODE });
    expect(await decoded(await app.request('/main.0123456789ab.js'))).toEqual({ encoding: null, text: CODE });
  });

  it('sends a page brotli-compressed to a browser that takes it, gzip to one that takes only that, as it is to any other', async () => {
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false }) });
    const brotli = await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
    expect(await decoded(brotli)).toEqual({ encoding: 'br', text: PRERENDERED });
    expect(await decoded(await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip' } }))).toEqual({ encoding: 'gzip', text: PRERENDERED });
    expect(await decoded(await app.request('/contact'))).toEqual({ encoding: null, text: PRERENDERED });
  });
});

describe('a byte range of a file', () => {
  const CONTENT = 'console.log("a file of the build");\n';
  let files: string;
  beforeAll(() => {
    files = mkdtempSync(join(tmpdir(), 'ranges-'));
    writeFileSync(join(files, 'main.js'), CONTENT);
    writeFileSync(join(files, 'main.js.br'), brotliCompressSync(CONTENT));
  });
  afterAll(() => rmSync(files, { recursive: true, force: true }));
  const get = (range: string) => createStaticApp({ root: files }).request('/main.js', { headers: { Range: range, 'Accept-Encoding': 'br, gzip' } });

  it('is answered 206 with those bytes of the file itself (not of its compressed copy)', async () => {
    const response = await get('bytes=8-10');
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe(`bytes 8-10/${CONTENT.length}`);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.text()).toBe(CONTENT.slice(8, 11));
    expect(await (await get('bytes=-4')).text()).toBe(CONTENT.slice(-4));
  });

  it.each(['bytes=99999999-', 'bytes=5-2'])('past the end, or empty (%s), is 416 with the file size', async (range) => {
    const response = await get(range);
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe(`bytes */${CONTENT.length}`);
  });

  it.each(['bytes', 'bytes=abc', 'bytes=1-2-3', 'bytes=--1'])('malformed (%j) is 400', async (range) => {
    expect((await get(range)).status).toBe(400);
  });

  it('several at once, or in another unit, is the whole file', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1']) {
      const response = await get(range);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(CONTENT);
    }
  });
});

describe('request headers, fuzzed', () => {
  // A fixed seed: the same requests every run (a failure is repeatable).
  let seed = 0x2f6e2b1;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const junk = ['0', '-', '99999999999999999999', ',', ' ', '%', '%zz', '"', 'W/', '*', ';', '=', 'q=0', 'not a date', 'a'.repeat(300), '\u00e9', '\t'];
  const offset = () => pick(['', '0', '2', '5', '17', '4095', '99999999', '-1', 'x']);
  const VALUES: Record<string, () => string> = {
    Range: () =>
      pick([`bytes=${offset()}-${offset()}`, `bytes=${offset()}-${offset()},${offset()}-${offset()}`, `${pick(['bytes', 'items', ''])}=${offset()}${pick(junk)}`, pick(junk)]),
    'If-None-Match': () => pick(['*', `"${offset()}"`, `W/"${pick(junk)}"`, pick(junk)]),
    'If-Modified-Since': () => pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', 'not a date', pick(junk)]),
    'Accept-Encoding': () => pick(['br', 'gzip', 'br;q=0, gzip;q=0', 'identity;q=0', '*', `${pick(junk)}, br`, pick(junk)]),
    Cookie: () => pick([`visitor-id=${pick(junk)}`, `__session=${pick(junk)}; visitor-id=%zz`, `${pick(junk)}=${pick(junk)}`, ';;=;', pick(junk)]),
  };
  it('never make a 500, on a file, a page or a missing path', async () => {
    const files = mkdtempSync(join(tmpdir(), 'fuzz-'));
    writeFileSync(join(files, 'index.html'), INDEX);
    writeFileSync(join(files, 'main.0123456789ab.js'), 'let a = 1;\n'.repeat(200));
    const app = createStaticApp({ root: files, spa: true, cors: true, pageHtml: async () => ({ html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false }) });
    const statuses = new Map<number, number>();
    try {
      for (let i = 0; i < 600; i += 1) {
        const headers = new Headers();
        for (const [name, value] of Object.entries(VALUES)) if (random() < 0.6) headers.set(name, value());
        const response = await app.request(pick(['/main.0123456789ab.js', '/', '/contact', '/missing.js', '/%zz']), { headers });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) throw new Error(`${response.status} for ${JSON.stringify([...headers])}`);
      }
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
    // The fuzz reached every kind of answer it is meant to check.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 206, 400, 416]));
  });
});

describe('what is open to other origins', () => {
  let files: string;
  beforeAll(() => {
    files = mkdtempSync(join(tmpdir(), 'cors-'));
    writeFileSync(join(files, 'index.html'), INDEX);
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'styles.0123456789ab.css', 'font.0123456789ab.woff2', 'remoteEntry.js.map']) writeFileSync(join(files, file), 'x');
  });
  afterAll(() => rmSync(files, { recursive: true, force: true }));
  const app = () => createStaticApp({ root: files, spa: true, cors: true, documents: { '/config.js': () => ({ type: 'text/javascript', body: 'window.__APP_CONFIG__ = {};' }) } });
  const allowed = async (path: string) => (await app().request(path, { headers: { Origin: 'https://vedere.example' } })).headers.get('Access-Control-Allow-Origin');

  it('is what a browser loads across origins: scripts, manifests, styles, fonts', async () => {
    for (const path of ['/remoteEntry.js', '/mf-manifest.json', '/styles.0123456789ab.css', '/font.0123456789ab.woff2']) expect(await allowed(path)).toBe('*');
  });

  it('is not a page, the runtime configuration, or an error', async () => {
    for (const path of ['/', '/contact', '/config.js', '/missing.js']) expect(await allowed(path)).toBeNull();
  });

  it('source maps are not served unless public', async () => {
    expect((await app().request('/remoteEntry.js.map')).status).toBe(404);
    expect((await createStaticApp({ root: files, sourceMaps: true }).request('/remoteEntry.js.map')).status).toBe(200);
  });
});

describe("a page's Brotli window", () => {
  const { BROTLI_PARAM_LGWIN, BROTLI_PARAM_QUALITY, BROTLI_MIN_WINDOW_BITS } = zlib.constants;
  it('is no larger than the page (not the 4 MB default), and the page still compresses to what decompresses to it', () => {
    const page = '<!doctype html><html lang="ro"><body>' + 'Contul tău: dispozitivul legat. '.repeat(700) + '</body></html>';
    const size = Buffer.byteLength(page);
    const params = pageBrotliParams(size);
    expect(params[BROTLI_PARAM_QUALITY]).toBe(5);
    const window = Number(params[BROTLI_PARAM_LGWIN]);
    expect(2 ** window).toBeGreaterThanOrEqual(size);
    expect(2 ** (window - 1)).toBeLessThan(size);
    expect(brotliDecompressSync(brotliCompressSync(page, { params })).toString()).toBe(page);
    expect(pageBrotliParams(20)[BROTLI_PARAM_LGWIN]).toBe(BROTLI_MIN_WINDOW_BITS);
  });

  it('is a lower quality for a personal page, compressed while its user waits, and that page too decompresses to itself', () => {
    const page = '<!doctype html><html lang="ro"><body>' + 'Abonamentul tău: perioada de probă. '.repeat(600) + '</body></html>';
    const params = pageBrotliParams(Buffer.byteLength(page), { personal: true });
    expect(params[BROTLI_PARAM_QUALITY]).toBe(3);
    expect(params[BROTLI_PARAM_LGWIN]).toBe(pageBrotliParams(Buffer.byteLength(page))[BROTLI_PARAM_LGWIN]);
    expect(brotliDecompressSync(brotliCompressSync(page, { params })).toString()).toBe(page);
  });
});
