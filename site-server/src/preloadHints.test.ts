import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import type { RemotesDocument } from '@site/shared-ui/remotes-document';
import { Hono } from 'hono';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bareManifest } from './testing/manifest';
import { preloadHints } from './preloadHints';
import { browserConfig, signedInCallOrigins } from './runtimeConfig';
import { MARKERS } from '@site/rendering/contract';
import type { DrawnPart } from '@site/rendering/server';
import { OPERATOR_ENV } from './testing/operatorEnv';

// The HTML template every app's build uses (@site/rendering's build/pageTemplate.cjs), as the shell's build calls it
// (with the head its build's regular font gives: build/siteFonts.cjs).
const template = createRequire(__filename)('@site/rendering/build/page-template') as (args: unknown) => string;
const fontPreloads = [400, 700].map(
  (weight) => `<link rel="preload" href="/assets/atkinson-hyperlegible-next-${weight}.0123456789ab.woff2" as="font" type="font/woff2" crossorigin>`,
);
const siteFonts = () => ({ preload: fontPreloads.join('\n'), faces: '', figuresScript: '', figuresNoscript: '' });
const shellHtml = template({ htmlWebpackPlugin: { options: { title: 'Vedere', markers: MARKERS, earlyEvents: '', prePaint: '', siteFonts }, files: { publicPath: '/' } } });

describe("the shell's HTML", () => {
  it('fetches nothing ahead of its first paint but its runtime configuration and its fonts: the remotes document is asked for by its code', () => {
    expect([...shellHtml.matchAll(/<link rel="?preload[^>]*>/g)].map((m) => m[0])).toEqual(fontPreloads);
    expect(shellHtml).not.toContain('remotes.json');
    expect([...shellHtml.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])).toEqual(['/config.js']);
  });
});

// A shell's build as far as the hints read it: its route table (no manifest: no remote files hinted).
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'preload-hints-'));
  copyFileSync(join(__dirname, '..', '..', 'shell', 'src', 'app', 'routeTable.json'), join(dist, 'routes.json'));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const doc: RemotesDocument = {
  mfe_marketing: { manifest: 'http://localhost:3001/mf-manifest.json' },
  mfe_auth: { manifest: 'http://localhost:3002/mf-manifest.json' },
  mfe_account: { manifest: 'http://localhost:3003/mf-manifest.json' },
};

/** The hints of a page of https://vedere.example, for a visitor with the login cookie or not. */
async function hintsAt(path: string, options: { drawn: DrawnPart | null; signedIn?: boolean; remotesUrl?: string; signedInCalls?: string[] }) {
  const { drawn, signedIn = false, remotesUrl = '/remotes.json', signedInCalls } = options;
  const hints = preloadHints({ dist, remotes: () => doc, remotesUrl, manifestAt: async () => null, siteOrigin: 'https://vedere.example', signedInCalls });
  const app = new Hono().get('*', async (c) => c.text(await hints(c, { drawn })));
  const response = await app.request(`https://vedere.example${path}`, { headers: signedIn ? { Cookie: `${LOGIN_COOKIE}=token` } : {} });
  return (await response.text()).split(', ');
}

describe('the preload of the remotes document', () => {
  const fetchHints = async (remotesUrl: string, path: string, options: { drawn: DrawnPart | null; signedIn?: boolean }) =>
    (await hintsAt(path, { ...options, remotesUrl })).filter((h) => h.includes('as=fetch'));

  it('is hinted to a page drawn by its code, where this environment serves the document (REMOTES_URL), as written', async () => {
    expect(await fetchHints('https://cdn.example/site/remotes.json', '/login', { drawn: null })).toContain(
      '<https://cdn.example/site/remotes.json>; rel=preload; as=fetch; crossorigin',
    );
    // Relative, it stays so: the browser resolves it against the page (its scheme too, behind a proxy).
    expect(await fetchHints('/remotes.json', '/pricing', { drawn: null, signedIn: true })).toContain('</remotes.json>; rel=preload; as=fetch; crossorigin');
  });

  it("is fetched with low priority for a signed-in page whose HTML paints its loading status first (nothing there waits for it), with the browser's own priority for a page served empty", async () => {
    const preloads = async (path: string, drawn: DrawnPart | null) => (await hintsAt(path, { drawn, signedIn: true })).filter((h) => h.includes('rel=preload'));
    const statusFirst = await preloads('/pricing', 'loading status');
    expect(statusFirst).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin; fetchpriority=low',
      '<http://localhost:3003/mf-manifest.json>; rel=preload; as=fetch; crossorigin; fetchpriority=low',
    ]);
    const servedEmpty = await preloads('/account', null);
    expect(servedEmpty).toEqual(['</remotes.json>; rel=preload; as=fetch; crossorigin', '<http://localhost:3003/mf-manifest.json>; rel=preload; as=fetch; crossorigin']);
  });

  it('is not hinted to a page drawn by its HTML (a public page, a signed-in page drawn whole): its code asks for it after the first paint', async () => {
    expect(await fetchHints('/remotes.json', '/', { drawn: 'page' })).toEqual([]);
    expect(await fetchHints('/remotes.json', '/contact', { drawn: 'page', signedIn: true })).toEqual([]);
    expect(await fetchHints('/remotes.json', '/pricing', { drawn: 'page', signedIn: true })).toEqual([]);
  });
});

describe('the connections a signed-in page needs', () => {
  const signedInCalls = signedInCallOrigins({ ...browserConfig(OPERATOR_ENV), userServiceUrl: 'https://api.vedere.example/v1' });
  // The remotes' origins (localhost), preconnected on every page, are left out.
  const preconnects = async (path: string, { signedIn, drawn }: { signedIn: boolean; drawn: DrawnPart | null }) =>
    (await hintsAt(path, { drawn, signedIn, signedInCalls })).filter((h) => h.includes('rel=preconnect') && !h.startsWith('<http://localhost:300'));

  it("are opened while the code of a page that waits for sign-in loads, for a visitor who looks signed in: Firebase Auth's accounts, then the user service, without cookies", async () => {
    for (const path of ['/pricing', '/account', '/reset-linked-device'])
      expect(await preconnects(path, { signedIn: true, drawn: 'loading status' })).toEqual([
        '<https://identitytoolkit.googleapis.com>; rel=preconnect; crossorigin',
        '<https://api.vedere.example>; rel=preconnect; crossorigin',
      ]);
  });

  it('are not opened for a visitor who does not look signed in (sent to /login), nor on a public page', async () => {
    expect(await preconnects('/pricing', { signedIn: false, drawn: null })).toEqual([]);
    for (const signedIn of [true, false]) {
      expect(await preconnects('/', { signedIn, drawn: 'page' })).toEqual([]);
      expect(await preconnects('/login', { signedIn, drawn: null })).toEqual([]);
    }
  });

  it("are the Auth emulator's and the service's locally; a service on the page's own origin needs none", () => {
    const local = browserConfig({ ...OPERATOR_ENV, FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' });
    expect(signedInCallOrigins(local)).toEqual(['http://127.0.0.1:9099', local.userServiceUrl.replace(/\/$/, '')]);
    expect(signedInCallOrigins({ ...local, userServiceUrl: '/api' })).toEqual(['http://127.0.0.1:9099']);
  });
});

describe("the hints of a page's remote", () => {
  const sri = (c: string) => `sha256-${c.repeat(43)}=`;
  const released: RemotesDocument = {
    ...doc,
    mfe_auth: { manifest: '/mfe-auth/1.0.0-aaaaaaaaaaaa/mf-manifest.json', integrity: { 'mf-manifest.json': sri('A'), 'remoteEntry.js': sri('B') } },
  };
  const manifest = bareManifest('mfe_auth');
  // The URL a request's Host makes (@hono/node-server builds c.req.url from it).
  const hintsFor = async (headers: Record<string, string>, url = 'https://vedere.example/login') => {
    const asked: (string | null | undefined)[][] = [];
    const hints = preloadHints({
      dist,
      remotes: () => released,
      remotesUrl: '/remotes.json',
      manifestAt: async (url, integrity) => {
        asked.push([url, integrity]);
        return manifest;
      },
      siteOrigin: 'https://vedere.example',
    });
    const app = new Hono().get('*', async (c) => c.text(await hints(c, { drawn: null })));
    const response = await app.request(url, { headers });
    return { links: (await response.text()).split(', '), asked };
  };

  it('are on the configured origins, whatever Host or X-Forwarded-Host a request names', async () => {
    const { links, asked } = await hintsFor({ Host: 'attacker.example:3999', 'X-Forwarded-Host': 'attacker.example' }, 'http://attacker.example:3999/login');
    expect(links.join(', ')).not.toContain('attacker');
    expect(asked.map(([url]) => url)).toEqual(['https://vedere.example/mfe-auth/1.0.0-aaaaaaaaaaaa/mf-manifest.json']);
  });

  it('read the manifest with the integrity its release recorded, and hint its entry with it, as the browser asks for it', async () => {
    const { links, asked } = await hintsFor({});
    expect(asked).toEqual([['https://vedere.example/mfe-auth/1.0.0-aaaaaaaaaaaa/mf-manifest.json', sri('A')]]);
    expect(links).toContain('<https://vedere.example/mfe-auth/1.0.0-aaaaaaaaaaaa/mf-manifest.json>; rel=preload; as=fetch; crossorigin');
    expect(links).toContain(`<https://vedere.example/mfe-auth/1.0.0-aaaaaaaaaaaa/remoteEntry.js>; rel=preload; as=script; crossorigin; integrity="${sri('B')}"`);
  });
});

describe("the shell's own files", () => {
  // A shell's build with its shared files: the HTML's own scripts, its start, the libraries (React's
  // file and the others'), the site's, and the auth SDK's, loaded only where sign-in is waited for.
  let built: string;
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), 'preload-hints-shell-'));
    copyFileSync(join(__dirname, '..', '..', 'shell', 'src', 'app', 'routeTable.json'), join(built, 'routes.json'));
    writeFileSync(
      join(built, 'index.html'),
      '<html><head><script defer src="/config.js"></script><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(built, 'bootstrap.0123456789ab.js'), '');
    const shared = (name: string, file: string) => ({ name, assets: { js: { sync: [file], async: [] } } });
    const manifest = {
      ...bareManifest('shell'),
      shared: [
        shared('@site/shared-ui', 'site.js'),
        shared('react', 'react.js'),
        shared('react-dom', 'react.js'),
        shared('styled-components', 'vendor.js'),
        shared('firebase/compat/app', 'firebase.js'),
        shared('firebase/compat/auth', 'firebase.js'),
      ],
    };
    writeFileSync(join(built, 'mf-manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  const scripts = async (path: string, { drawn, signedIn }: { drawn: DrawnPart | null; signedIn: boolean }) => {
    const hints = preloadHints({ dist: built, remotes: () => doc, remotesUrl: '/remotes.json', manifestAt: async () => null, siteOrigin: 'https://vedere.example' });
    const app = new Hono().get('*', async (c) => c.text(await hints(c, { drawn })));
    const response = await app.request(`https://vedere.example${path}`, { headers: signedIn ? { Cookie: `${LOGIN_COOKIE}=token` } : {} });
    return (await response.text())
      .split(', ')
      .filter((h) => h.startsWith('</') && h.includes('as=script'))
      .map((h) => /^<([^>]+)>/.exec(h)?.[1]);
  };

  it("are hinted, for a page that waits for sign-in and a visitor who looks signed in, with the auth SDK right after the HTML's own scripts: it runs first, React's file after the user is looked up", async () => {
    expect(await scripts('/pricing', { drawn: 'loading status', signedIn: true })).toEqual([
      '/config.js',
      '/main.js',
      '/firebase.js',
      '/bootstrap.0123456789ab.js',
      '/site.js',
      '/react.js',
      '/vendor.js',
    ]);
  });

  it('are hinted without the auth SDK where no sign-in is waited for, and not at all on a page drawn by its HTML', async () => {
    expect(await scripts('/pricing', { drawn: null, signedIn: false })).toEqual(['/config.js', '/main.js', '/bootstrap.0123456789ab.js', '/site.js', '/react.js', '/vendor.js']);
    expect(await scripts('/login', { drawn: null, signedIn: true })).toEqual(['/config.js', '/main.js', '/bootstrap.0123456789ab.js', '/site.js', '/react.js', '/vendor.js']);
    expect(await scripts('/', { drawn: 'page', signedIn: true })).toEqual([]);
  });
});
