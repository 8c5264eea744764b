import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib, { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createStaticApp } from './staticServer';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const PRERENDERED = '<!doctype html><html><head></head><body><div id="root"><h1>Contact</h1></div></body></html>';
const never = new Promise<never>(() => {});

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(root, 'index.html'), INDEX);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a page of the production server', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('is served prerendered, with its hints, when both are ready in time', async () => {
    const app = createStaticApp({
      root,
      spa: true,
      pageWaitMs: 1_000,
      pageHtml: async () => ({ html: PRERENDERED, drawn: 'page' as const, personal: false }),
      pageLinks: async () => '</a.js>; rel=preload; as=script',
    });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBe('</a.js>; rel=preload; as=script');
    expect(logged).not.toHaveBeenCalled();
  });

  it('whose render never ends is served empty once it has waited long enough, and the wait is logged', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: () => never });
    const response = await app.request('/contact');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(logged).toHaveBeenCalledWith('/contact is served without its server-drawn HTML: not ready after 50 ms');
  });

  it('whose hints never come is served without them', async () => {
    const app = createStaticApp({
      root,
      spa: true,
      pageWaitMs: 50,
      pageHtml: async () => ({ html: PRERENDERED, drawn: 'page' as const, personal: false }),
      pageLinks: () => never,
    });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBeNull();
    expect(logged).toHaveBeenCalledWith('/contact is served without its preload hints: not ready after 50 ms');
  });
});

describe('every request of the production server', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('is answered within its deadline whatever it waits on: a 503 to try again, logged with what it waited on', async () => {
    let finish!: () => void;
    const held = new Promise<null>((resolve) => (finish = () => resolve(null)));
    const app = createStaticApp({ root, spa: true, pageWaitMs: 60_000, requestDeadlineMs: 50, pageHtml: () => held });
    const response = await app.request('/contact');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('1');
    // Said in both languages, the site's default first.
    const said = await response.text();
    expect(said).toMatch(/<html lang="ro">.*Site-ul nu a putut răspunde la timp.*<div lang="en">.*The site could not answer in time/s);
    expect(logged).toHaveBeenCalledWith('GET /contact answered 503: no answer within 50 ms (waiting on its server-drawn HTML)');
    // The late work still ends (its answer goes nowhere).
    finish();
  });

  it('is answered as usual when it is in time', async () => {
    const app = createStaticApp({ root, spa: true, requestDeadlineMs: 1_000, pageHtml: async () => ({ html: PRERENDERED, drawn: 'page' as const, personal: false }) });
    expect((await app.request('/contact')).status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("a page that carries a user's data (a signed-in page the server drew for them)", () => {
  const PERSONAL = '<!doctype html><html><head></head><body><div id="root"><h1>Bine ați venit, Ana</h1></div></body></html>';

  it('is private to that visitor and kept by no cache: private, no-store, varying by cookie', async () => {
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: PERSONAL, drawn: 'page' as const, personal: true }) });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.request('/account', { headers: { 'Accept-Encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('Vary')).toContain('Cookie');
    }
  });

  it('is compressed for its response alone: a public page is kept compressed, a personal one is not', async () => {
    const compress = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      for (const personal of [false, true]) {
        const html = personal ? PERSONAL : PRERENDERED;
        const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html, drawn: 'page' as const, personal }) });
        compress.mockClear();
        for (let i = 0; i < 3; i += 1) await app.request('/page', { headers: { 'Accept-Encoding': 'br' } });
        expect([personal, compress.mock.calls.length]).toEqual([personal, personal ? 3 : 1]);
      }
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

  it('a public page stays revalidated by browsers (no-cache), as before', async () => {
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: PRERENDERED, drawn: 'page' as const, personal: false }) });
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
    // A built file with the two compressed copies its build writes beside it (tools/webpack.cjs).
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
    const app = createStaticApp({ root, spa: true, pageHtml: async () => ({ html: PRERENDERED, drawn: 'page' as const, personal: false }) });
    const brotli = await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
    expect(await decoded(brotli)).toEqual({ encoding: 'br', text: PRERENDERED });
    expect(await decoded(await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip' } }))).toEqual({ encoding: 'gzip', text: PRERENDERED });
    expect(await decoded(await app.request('/contact'))).toEqual({ encoding: null, text: PRERENDERED });
  });
});
