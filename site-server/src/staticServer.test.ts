import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    const app = createStaticApp({ root, spa: true, pageWaitMs: 1_000, pageHtml: async () => PRERENDERED, pageLinks: async () => '</a.js>; rel=preload; as=script' });
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
    expect(logged).toHaveBeenCalledWith('/contact is served without its prerendered HTML: not ready after 50 ms');
  });

  it('whose hints never come is served without them', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: async () => PRERENDERED, pageLinks: () => never });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBeNull();
    expect(logged).toHaveBeenCalledWith('/contact is served without its preload hints: not ready after 50 ms');
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
    const app = createStaticApp({ root, spa: true, pageHtml: async () => PRERENDERED });
    const brotli = await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
    expect(await decoded(brotli)).toEqual({ encoding: 'br', text: PRERENDERED });
    expect(await decoded(await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip' } }))).toEqual({ encoding: 'gzip', text: PRERENDERED });
    expect(await decoded(await app.request('/contact'))).toEqual({ encoding: null, text: PRERENDERED });
  });
});
