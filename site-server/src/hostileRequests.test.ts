// Every server of the site (the site's own, a remote's, the deployment store) against requests
// made to slip past its rules: each rule tried with every encoding of what it looks for, and every
// method on every kind of path. A rule holds however the path is written, and no request gets a 5xx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { readPath } from './requestPath';
import { SERVER_BUILD_KEY_HEADER, serverBuildsKey } from './runtimeConfig';
import { deployStoreApp, remoteApp } from './siteServers';
import { createStaticApp } from './staticServer';

const VERSION = '1.0.0-bbbbbbbbbbbb';
const RENDER = 'exports.render = "server build";';
const MAP = '{"sources":["secret.ts"]}';
const STANDALONE = '<!doctype html><title>standalone page</title>';

let site: string;
let store: string;
/** A build as the builds write it: a page, a hashed chunk, a remote entry, its source map, a server build. */
const writeBuild = (dir: string) => {
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), STANDALONE);
  writeFileSync(join(dir, 'main.js'), 'console.log("main");');
  writeFileSync(join(dir, 'main.js.map'), MAP);
  writeFileSync(join(dir, 'main.0123abcd.js'), 'console.log("hashed");');
  writeFileSync(join(dir, 'remoteEntry.js'), 'var remote = 1;');
  writeFileSync(join(dir, 'mf-manifest.json'), '{"id":"mfe_auth"}');
  writeFileSync(join(dir, 'server', 'render.6199ff1963ea.js'), RENDER);
};
beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'hostile-site-'));
  writeBuild(site);
  store = mkdtempSync(join(tmpdir(), 'hostile-store-'));
  writeBuild(join(store, 'mfe-auth', VERSION));
  writeFileSync(join(store, 'remotes.json'), '{}');
});
afterAll(() => {
  rmSync(site, { recursive: true, force: true });
  rmSync(store, { recursive: true, force: true });
});

/** The three servers, each with what it serves under its own prefix. */
const servers = (): { name: string; app: () => Hono; base: string; opened: boolean }[] => [
  {
    name: "the site's server",
    app: () =>
      createStaticApp({
        root: site,
        spa: true,
        serverBuildsKey: serverBuildsKey(),
        documents: { '/remotes.json': () => ({ type: 'application/json', body: '{}' }) },
      }) as unknown as Hono,
    base: '',
    opened: false,
  },
  { name: "a remote's server", app: () => remoteApp('mfe_auth', site) as unknown as Hono, base: '', opened: true },
  { name: 'the deployment store', app: () => deployStoreApp(store) as unknown as Hono, base: `/mfe-auth/${VERSION}`, opened: true },
];

const hex = (char: string) => char.charCodeAt(0).toString(16);
/**
 * The ways of writing `word` that name it for a percent-decoder: each character encoded alone, in
 * lower and upper case hex; then ways that must not name it (double encoding, an overlong UTF-8
 * form), which must not be served as it either.
 */
function encodings(word: string): string[] {
  const each = [...word].flatMap((char, i) => {
    const lower = `%${hex(char).toLowerCase()}`;
    const upper = `%${hex(char).toUpperCase()}`;
    return [...new Set([lower, upper])].map((code) => word.slice(0, i) + code + word.slice(i + 1));
  });
  const first = word[0]!;
  const code = first.charCodeAt(0);
  const overlong = `%${(0xc0 | (code >> 6)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
  return [...each, [...word].map((c) => `%${hex(c)}`).join(''), `%25${hex(first)}${word.slice(1)}`, `${overlong}${word.slice(1)}`];
}

describe('one reading of a path', () => {
  it.each([
    ['/%73erver/render.js', '/server/render.js'],
    ['/a//b///c', '/a/b/c'],
    ['/a/./b/../c', '/a/c'],
    ['/a/%2e%2E/b', '/b'],
    ['/folder/', '/folder/'],
    ['/caf%C3%A9', '/café'],
  ])('reads %s as %s', (raw, read) => {
    expect(readPath(raw)).toEqual({ path: read });
  });

  it.each(['/a%2Fb', '/a%2fb', '/a%5Cb', '/a%00.js', '/%2573erver', '/%C0%AE%C0%AE/x', '/%E0%80%AF', '/%ZZ', '/a%0d%0aSet-Cookie:x'])('refuses %s', (raw) => {
    expect(readPath(raw)).toEqual({ refused: expect.any(String) });
  });
});

describe.each(servers())('$name', ({ app: make, base, opened }) => {
  let app: Hono;
  beforeAll(() => {
    app = make();
  });
  const ok = (status: number) => status < 500;

  it.each(encodings('server'))('keeps a server build from anyone without the key, its folder written %s, and never opens it across origins', async (folder) => {
    const response = await app.request(`${base}/${folder}/render.6199ff1963ea.js`, { headers: { Origin: 'http://other.example' } });
    expect(await response.text()).not.toBe(RENDER);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(response.status).not.toBe(200);
  });

  it('gives the server build to the key holder, and the rule reads the same path the file is found at', async () => {
    const response = await app.request(`${base}/%73erver/render.6199ff1963ea.js`, { headers: { [SERVER_BUILD_KEY_HEADER]: serverBuildsKey() } });
    expect(await response.text()).toBe(RENDER);
  });

  it.each([...encodings('map').map((m) => `main.js.${m}`), ...encodings('.map').map((m) => `main.js${m}`)])('keeps a source map private, written %s', async (name) => {
    const response = await app.request(`${base}/${name}`);
    expect(await response.text()).not.toBe(MAP);
    expect(ok(response.status)).toBe(true);
  });

  it.each(['%2F', '%2f', '%00', '%5C', '%2500'])('answers 400 a path with %s in it', async (code) => {
    const response = await app.request(`${base}/main${code}.js`);
    expect(response.status).toBe(400);
  });

  it('caches a hashed file however its name is written, and revalidates a remote entry however its name is written', async () => {
    const hashed = await app.request(`${base}/main.0123abcd%2Ejs`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const entry = await app.request(`${base}//%72emoteEntry.js`);
    expect(await entry.text()).toBe('var remote = 1;');
    expect(entry.headers.get('Cache-Control')).toBe('no-cache');
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'FOO'])('answers %s on any path, however written, with no 5xx', async (method) => {
    const paths = ['/', '/contact', '/main.js', '/main.0123abcd.js', '/mf-manifest.json', '/remoteEntry.js', '/server/render.6199ff1963ea.js', '/missing.js', '/remotes.json'];
    const written = [...paths.map((p) => `${base}${p}`), ...encodings('server').map((s) => `${base}/${s}/render.6199ff1963ea.js`), `${base}/%2Fx`, `${base}/%00`, `${base}/%C0%AE`];
    for (const path of written) {
      const response = await app.request(path, { method, headers: { Origin: 'http://other.example', 'Access-Control-Request-Method': 'GET' } });
      expect([path, response.status]).toEqual([path, expect.any(Number)]);
      expect(ok(response.status)).toBe(true);
      const body = await response.arrayBuffer();
      // An answer says nothing of a body it does not send.
      if (response.status === 204 || method === 'HEAD') {
        if (method !== 'HEAD') expect([path, body.byteLength, response.headers.get('Content-Length')]).toEqual([path, 0, null]);
      } else expect([path, body.byteLength]).toEqual([path, Number(response.headers.get('Content-Length') ?? body.byteLength)]);
      if (method === 'OPTIONS' && response.status === 204) expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
      if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && response.status !== 404 && response.status !== 400) {
        expect([path, response.status, response.headers.get('Allow')]).toEqual([path, 405, 'GET, HEAD, OPTIONS']);
      }
    }
  });

  it("answers OPTIONS 204 with Allow, and a file's CORS preflight where CORS applies", async () => {
    const response = await app.request(`${base}/remoteEntry.js`, { method: 'OPTIONS', headers: { Origin: 'http://other.example', 'Access-Control-Request-Method': 'GET' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(opened ? '*' : null);
    expect(response.headers.get('Content-Length')).toBeNull();
  });

  it('revalidates a manifest with a 304 (its validator), and sends it whole when changed', async () => {
    for (const name of ['mf-manifest.json']) {
      const first = await app.request(`${base}/${name}`);
      const tag = first.headers.get('ETag');
      expect(tag).toMatch(/^(W\/)?"/);
      const again = await app.request(`${base}/${name}`, { headers: { 'If-None-Match': tag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('Cache-Control')).toBe('no-cache');
      // Its type, as the 200 had it: Chrome's opaque-response blocking judges a cross-origin 304 by
      // its type and blocks one without it.
      expect(again.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'));
      expect(again.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect((await app.request(`${base}/${name}`, { headers: { 'If-None-Match': '"another"' } })).status).toBe(200);
      // A cross-origin revalidation (a preload with crossorigin) is checked against the 304's CORS headers.
      const across = await app.request(`${base}/${name}`, { headers: { 'If-None-Match': tag!, Origin: 'http://other.example' } });
      expect([across.status, across.headers.get('Access-Control-Allow-Origin')]).toEqual([304, opened ? '*' : null]);
    }
  });

  it('honours If-Range as RFC 9110 says: a range of the same file only, the whole file otherwise', async () => {
    const whole = 'console.log("main");';
    const first = await app.request(`${base}/main.js`, { headers: { Range: 'bytes=0-3' } });
    expect(first.status).toBe(206);
    const tag = first.headers.get('ETag')!;
    const lastModified = first.headers.get('Last-Modified')!;
    expect(tag).toMatch(/^"/);
    const same = await app.request(`${base}/main.js`, { headers: { Range: 'bytes=0-3', 'If-Range': tag } });
    expect([same.status, await same.text()]).toEqual([206, 'cons']);
    for (const validator of ['"not-the-file"', `W/${tag}`, 'Wed, 21 Oct 2015 07:28:00 GMT', 'garbage']) {
      const changed = await app.request(`${base}/main.js`, { headers: { Range: 'bytes=0-3', 'If-Range': validator } });
      expect([validator, changed.status, await changed.text()]).toEqual([validator, 200, whole]);
    }
    expect(lastModified).toMatch(/GMT$/);
  });
});

describe("the site's server's own documents", () => {
  it('have a validator, so that a revalidation of the remotes document is a 304', async () => {
    const app = createStaticApp({ root: site, spa: true, documents: { '/remotes.json': () => ({ type: 'application/json', body: '{"a":1}' }) } });
    const first = await app.request('/remotes.json');
    const tag = first.headers.get('ETag');
    expect(tag).toMatch(/^"/);
    const again = await app.request('/remotes.json', { headers: { 'If-None-Match': tag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('Cache-Control')).toBe('no-cache');
  });
});

describe('the deployment store', () => {
  it.each([...encodings('html').map((e) => `index.${e}`), ...encodings('.html').map((e) => `index${e}`)])("keeps a build's standalone page private, written %s", async (name) => {
    const response = await (deployStoreApp(store) as unknown as Hono).request(`/mfe-auth/${VERSION}/${name}`);
    expect(await response.text()).not.toBe(STANDALONE);
    expect(response.status).toBeLessThan(500);
  });
});
