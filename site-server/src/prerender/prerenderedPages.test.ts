import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FederationManifest } from '../manifests';
import { SIGNALS } from '../signals';
import { prerenderedPages } from './prerenderedPages';

// A shell build and a remote's build on disk, as small as the server needs: the shell's renderer
// (its server build) puts a page's HTML in <main>; the remote's render entry exposes three pages,
// one of which throws while it renders and one of which cannot even be loaded.
let dir: string;
const index = '<!doctype html><html><head><title>Vedere</title></head><body><div id=root></div><script defer src=main.js></script></body></html>';

function writeBuilds() {
  dir = mkdtempSync(join(tmpdir(), 'prerendered-pages-'));
  const shell = join(dir, 'shell');
  mkdirSync(join(shell, 'server'), { recursive: true });
  writeFileSync(join(shell, 'index.html'), index);
  writeFileSync(
    join(shell, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ssrRemoteEntry: { name: 'render.aaaaaaaaaaaa.js', path: 'server' } }, exposes: [] }),
  );
  writeFileSync(
    join(shell, 'routes.json'),
    JSON.stringify({
      pages: {
        landing: { remote: 'mfe_marketing', module: './LandingPage' },
        contact: { remote: 'mfe_marketing', module: './ContactPage' },
        about: { remote: 'mfe_marketing', module: './AboutPage' },
        pricing: { remote: 'mfe_account', module: './PricingPage' },
      },
      routes: [
        { path: '/', page: 'landing', prerender: true },
        { path: '/contact', page: 'contact', prerender: true },
        { path: '/aboutus', page: 'about', prerender: true },
        { path: '/pricing', page: 'pricing', access: true },
        { path: '/account-billing', page: 'pricing', access: true },
      ],
    }),
  );
  writeFileSync(
    join(shell, 'server', 'render.aaaaaaaaaaaa.js'),
    `exports.shared = {};
exports.renderPage = async (path, page, options) => {
  const header = '<header>' + (options && options.signedIn ? 'Contul meu' : 'Conectare') + '</header>';
  if (page) return { html: header + '<main>' + page.default(path) + '</main>', styles: '' };
  if (!options || !options.signedIn) throw new Error('no page to render');
  if (path === '/account-billing') throw new Error('the layout throws');
  return { html: '<header>Contul meu</header><main><p role="status">Se încarcă…</p></main>', styles: '' };
};`,
  );
  const remote = join(dir, 'mfe-marketing');
  mkdirSync(join(remote, 'server'), { recursive: true });
  writeFileSync(
    join(remote, 'server', 'render.bbbbbbbbbbbb.js'),
    `exports.exposedModules = () => ({
  './LandingPage': async () => ({ default: () => '<h1>Bun venit</h1>' }),
  './ContactPage': async () => ({ default: () => { throw new Error('the contact page throws'); } }),
  './AboutPage': async () => { throw new Error('its chunk is missing'); },
});`,
  );
  return { shell, manifestUrl: pathToFileURL(join(remote, 'mf-manifest.json')).href };
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('serves empty only the pages that fail: the others of the same remote stay prerendered', async () => {
  const { shell, manifestUrl } = writeBuilds();
  const manifest: FederationManifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ssrRemoteEntry: { name: 'render.bbbbbbbbbbbb.js', path: 'server' } },
    exposes: [],
  };
  const logged: string[] = [];
  const pageHtml = prerenderedPages({
    dist: shell,
    remotes: () => ({ mfe_marketing: { manifest: manifestUrl }, mfe_auth: { manifest: manifestUrl }, mfe_account: { manifest: manifestUrl } }),
    config: {} as never,
    manifestAt: async () => manifest,
    log: (message) => logged.push(message),
  });
  const app = new Hono().get('*', async (c) => c.text((await pageHtml(c)) ?? 'EMPTY'));

  const [landing, contact, about, again] = await Promise.all(['/', '/contact', '/aboutus', '/'].map(async (path) => (await app.request(path)).text()));
  expect(landing).toContain(`${SIGNALS.prerenderedAttribute}="/"`);
  expect(landing).toContain('<main><h1>Bun venit</h1></main>');
  expect(again).toBe(landing);
  expect(contact).toBe('EMPTY');
  expect(about).toBe('EMPTY');
  expect(logged).toEqual([
    expect.stringMatching(/^\/contact is served empty: .*the contact page throws/),
    expect.stringMatching(/^\/aboutus is served empty: .*its chunk is missing/),
  ]);
  // A page that failed does not take the others down afterwards either.
  expect(await (await app.request('/')).text()).toBe(landing);
});

it('draws a public page for a visitor with the login cookie as for someone signed in (the header offering the account), kept apart from the other', async () => {
  const { shell, manifestUrl } = writeBuilds();
  const manifest: FederationManifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ssrRemoteEntry: { name: 'render.bbbbbbbbbbbb.js', path: 'server' } },
    exposes: [],
  };
  const pageHtml = prerenderedPages({
    dist: shell,
    remotes: () => ({ mfe_marketing: { manifest: manifestUrl }, mfe_auth: { manifest: manifestUrl }, mfe_account: { manifest: manifestUrl } }),
    config: {} as never,
    manifestAt: async () => manifest,
  });
  const app = new Hono().get('*', async (c) => c.text((await pageHtml(c)) ?? 'EMPTY'));
  const signedIn = { headers: { Cookie: 'loginCookie=a.b.c' } };

  const [first, drawnForSignedIn, again] = [await (await app.request('/')).text(), await (await app.request('/', signedIn)).text(), await (await app.request('/')).text()];
  expect(first).toContain('<header>Conectare</header><main><h1>Bun venit</h1></main>');
  expect(first).not.toContain(SIGNALS.signedInDocumentAttribute);
  expect(drawnForSignedIn).toContain(`<html ${SIGNALS.signedInDocumentAttribute}>`);
  expect(drawnForSignedIn).toContain(`${SIGNALS.renderedManifestAttribute}="${manifestUrl}"><header>Contul meu</header><main><h1>Bun venit</h1></main>`);
  expect(again).toBe(first);
  expect(await (await app.request('/', signedIn)).text()).toBe(drawnForSignedIn);
});

describe('a signed-in page (behind the access guard)', () => {
  const pageHtmlOf = (logged: string[] = []) => {
    const { shell } = writeBuilds();
    const pageHtml = prerenderedPages({
      dist: shell,
      // No remote is needed: its page is not in the HTML.
      remotes: () => {
        throw new Error('the remotes document was read');
      },
      config: {} as never,
      manifestAt: async () => {
        throw new Error('a manifest was read');
      },
      log: (message) => logged.push(message),
    });
    return new Hono().get('*', async (c) => c.text((await pageHtml(c)) ?? 'EMPTY'));
  };

  it("is served, to a visitor with the login cookie, as the layout around the guard's loading status, drawn for a signed-in visitor by the shell alone", async () => {
    const app = pageHtmlOf();
    const html = await (await app.request('/pricing', { headers: { Cookie: 'loginCookie=a.b.c' } })).text();
    expect(html).toContain(`<html ${SIGNALS.signedInDocumentAttribute}>`);
    expect(html).toContain(`<div id="root" ${SIGNALS.prerenderedAttribute}="/pricing"><header>Contul meu</header><main><p role="status">Se încarcă…</p></main></div>`);
    expect(html).not.toContain(SIGNALS.renderedManifestAttribute);
  });

  it('is served empty to a visitor without it (sent to /login by the guard)', async () => {
    const app = pageHtmlOf();
    expect(await (await app.request('/pricing')).text()).toBe('EMPTY');
    expect(await (await app.request('/pricing', { headers: { Cookie: 'other=1' } })).text()).toBe('EMPTY');
  });

  it('is served empty when the layout fails to render, and said in the log', async () => {
    const logged: string[] = [];
    const app = pageHtmlOf(logged);
    expect(await (await app.request('/account-billing', { headers: { Cookie: 'loginCookie=a.b.c' } })).text()).toBe('EMPTY');
    expect(logged).toEqual([expect.stringMatching(/^\/account-billing is served empty: .*the layout throws/)]);
  });
});
