/** @jest-environment node */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { versionOfManifest, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { LOGIN_TOKEN_MIN_VALIDITY_MS } from '@site/shared-ui/login-token';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MARKERS } from '../contract';
import { sriSha256 } from './integrity';
import { pageChangeKey } from '@site/contract/page-changes';
import type { PageChanges } from './pageChanges';
import { renderedPages, type PageAnswer, type RenderEntryManifest, type ServerSignal } from './renderedPages';

// A shell build and two remotes' builds on disk, as small as the server needs. The shell's renderer
// (its server build) puts a page's HTML in <main>, and for a signed-in page drawn whole, the user's
// name and the answers it was given; its guards send a user whose trial was never activated from
// /account to /account-pricing. mfe-marketing's render entry exposes three pages, one of which throws
// while it renders and one of which cannot even be loaded; mfe-account's, the account page, which
// reads the device tab's answer when the URL asks for that tab.
let dir: string;
const index = '<!doctype html><html lang="ro"><head><title>Vedere</title></head><body><div id=root></div><script defer src=main.js></script></body></html>';

const SHELL_RENDERER = `exports.shared = {};
exports.renderPage = async (location, page, options) => {
  const signedIn = options && (options.signedIn || options.session);
  const header = '<header>' + (signedIn ? 'Contul meu' : 'Conectare') + '</header>';
  if (options && options.session) {
    const { user, answers } = options.session;
    return {
      html: header + '<main>' + page.default(location) + '<p>' + user.name + '</p><pre>' + JSON.stringify(answers) + '</pre></main>',
      styles: '',
      handedOver: { session: user, queries: answers },
    };
  }
  const locale = (options && options.locale) || 'ro';
  if (page) return { html: header + '<main>' + page.default(location) + '</main><footer>' + locale + '</footer>', styles: '' };
  if (location === '/404') return { html: header + '<main><h1>' + (locale === 'en' ? 'Page not found' : 'Pagina nu există') + '</h1></main>', styles: '' };
  if (!signedIn) throw new Error('no page to render');
  if (location === '/account-billing') throw new Error('the layout throws');
  return { html: '<header>Contul meu</header><main><p role="status">Se încarcă…</p></main>', styles: '' };
};
exports.guardReads = () => ['get-user-info'];
exports.guardRedirect = (pathname, answers) =>
  pathname === '/account' && !answers['get-user-info'].trialActivated ? '/account-pricing' : null;`;

function writeBuilds() {
  dir = mkdtempSync(join(tmpdir(), 'rendered-pages-'));
  const shell = join(dir, 'shell');
  mkdirSync(join(shell, 'server'), { recursive: true });
  writeFileSync(join(shell, 'index.html'), index);
  writeFileSync(join(shell, 'mf-manifest.json'), JSON.stringify({ metaData: { ssrRemoteEntry: { name: 'render.aaaaaaaaaaaa.js', path: 'server' } } }));
  writeFileSync(
    join(shell, 'routes.json'),
    JSON.stringify({
      pages: {
        landing: { remote: 'mfe_marketing', module: './LandingPage' },
        contact: { remote: 'mfe_marketing', module: './ContactPage' },
        about: { remote: 'mfe_marketing', module: './AboutPage' },
        account: { remote: 'mfe_account', module: './AccountPage' },
        pricing: { remote: 'mfe_account', module: './PricingPage' },
      },
      routes: [
        { path: '/', page: 'landing', prerender: true },
        { path: '/contact', page: 'contact', prerender: true },
        { path: '/aboutus', page: 'about', prerender: true },
        { path: '/account', page: 'account', access: true, trial: 'default' },
        { path: '/pricing', page: 'pricing', access: true, trial: 'opposite' },
        { path: '/account-billing', page: 'pricing', access: true },
      ],
    }),
  );
  writeFileSync(join(shell, 'server', 'render.aaaaaaaaaaaa.js'), SHELL_RENDERER);
  const marketing = join(dir, 'mfe-marketing');
  mkdirSync(join(marketing, 'server'), { recursive: true });
  writeFileSync(
    join(marketing, 'server', 'render.bbbbbbbbbbbb.js'),
    `exports.exposedModules = () => ({
  './LandingPage': async () => ({ default: () => (require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'landing-draws'))}, '.'), '<h1>Bun venit</h1>') }),
  './ContactPage': async () => ({ default: () => { throw new Error('the contact page throws'); } }),
  './AboutPage': async () => { throw new Error('its chunk is missing'); },
});`,
  );
  const account = join(dir, 'mfe-account');
  mkdirSync(join(account, 'server'), { recursive: true });
  writeFileSync(
    join(account, 'server', 'render.cccccccccccc.js'),
    `require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'account-entry-runs'))}, '.');
exports.exposedModules = () => ({
  './AccountPage': async () => ({
    default: (location) => (require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'account-draws'))}, '.'), '<h1>Contul meu</h1><p>' + location + '</p>'),
    serverReads: ({ search }) => {
      if (search.includes('tab=broken')) throw new Error('serverReads throws');
      if (search.includes('tab=unknown')) return ['get-everything'];
      return search.includes('tab=device') ? ['get-device-info'] : [];
    },
  }),
  './PricingPage': async () => ({ default: () => '<h1>Abonamente</h1>' }),
});`,
  );
  return { shell, marketing: pathToFileURL(join(marketing, 'mf-manifest.json')).href, account: pathToFileURL(join(account, 'mf-manifest.json')).href };
}

const manifestOf = (entry: string): RenderEntryManifest => ({ metaData: { ssrRemoteEntry: { name: entry, path: 'server' } } });

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The site's pages on these builds (with the user service at `serviceUrl`), asked for by path and login cookie. */
function site({
  serviceUrl = 'http://127.0.0.1:9',
  readsBudgetMs = 1_000,
  maxPages,
  maxSignedInRenders,
  personalPageTtlMs,
  pageChanges,
}: { serviceUrl?: string; readsBudgetMs?: number; maxPages?: number; maxSignedInRenders?: number; personalPageTtlMs?: number; pageChanges?: PageChanges } = {}) {
  const { shell, marketing, account } = writeBuilds();
  const logged: string[] = [];
  const answer = renderedPages({
    dist: shell,
    remotes: () => ({ mfe_marketing: { manifest: marketing }, mfe_auth: { manifest: marketing }, mfe_account: { manifest: account } }),
    config: { userServiceUrl: serviceUrl } as never,
    manifestAt: async (url) => manifestOf(url.includes('mfe-account') ? 'render.cccccccccccc.js' : 'render.bbbbbbbbbbbb.js'),
    readsBudgetMs,
    maxPages,
    maxSignedInRenders,
    personalPageTtlMs,
    pageChanges,
    log: (message) => logged.push(message),
  });
  const signals: ServerSignal[] = [];
  const page = (path: string, loginToken: string | null = null, deadline?: number, locale?: 'ro' | 'en', answersChanged?: string) =>
    answer({
      url: new URL(path, 'http://localhost:3000'),
      visitorId: '00000000-0000-4000-8000-000000000000',
      loginToken,
      answersChanged,
      deadline,
      locale,
      seen: (signal) => signals.push(signal),
    });
  return { page, logged, signals, manifests: { marketing, account } };
}

/** What the browser's first render draws of a signed-in page before the session is known. */
const LOADING_STATUS = '<main><p role="status">Se încarcă…</p></main>';

const html = (answer: PageAnswer | null | undefined) => (answer && 'html' in answer ? answer.html : 'EMPTY');

describe('a public page', () => {
  it('serves empty only the pages that fail: the others of the same remote stay drawn', async () => {
    const { page, logged } = site();
    const [landing, contact, about, again] = await Promise.all(['/', '/contact', '/aboutus', '/'].map(async (path) => page(path)));
    expect(html(landing)).toContain(`${MARKERS.prerenderedAttribute}="/"`);
    expect(html(landing)).toContain('<main><h1>Bun venit</h1></main>');
    expect(landing).toEqual({ html: html(landing), id: expect.any(String), drawn: 'page', personal: false });
    expect(again).toEqual(landing);
    expect(contact).toBeNull();
    expect(about).toBeNull();
    expect(logged.sort()).toEqual([
      expect.stringMatching(/^\/aboutus is served empty: .*its chunk is missing/),
      expect.stringMatching(/^\/contact is served empty: .*the contact page throws/),
    ]);
    // A page that failed does not take the others down afterwards either.
    expect(await page('/')).toEqual(landing);
  });

  it("tells what the server saw of each page's version: drawn, or served unrendered because its render failed or its manifest could not be read", async () => {
    const { page, signals, manifests } = site();
    await page('/');
    await page('/contact');
    const drawn = { remote: 'mfe_marketing', version: versionOfManifest(manifests.marketing), cohort: 'stable' };
    expect(signals).toEqual([
      { ...drawn, outcome: 'drawing' },
      { ...drawn, outcome: 'drawn' },
      { ...drawn, outcome: 'drawing' },
      { ...drawn, outcome: 'unrendered', why: 'render' },
    ]);
    // A failed render is served unrendered until it is retried: each such page is told.
    await page('/contact');
    expect(signals.at(-1)).toEqual({ ...drawn, outcome: 'unrendered', why: 'render' });

    const { shell, marketing, account } = writeBuilds();
    const unread: ServerSignal[] = [];
    const answer = renderedPages({
      dist: shell,
      remotes: () => ({ mfe_marketing: { manifest: marketing }, mfe_auth: { manifest: marketing }, mfe_account: { manifest: account } }),
      config: { userServiceUrl: 'http://127.0.0.1:9' } as never,
      manifestAt: async () => null,
      log: () => undefined,
    });
    const request = {
      url: new URL('http://localhost:3000/'),
      visitorId: '00000000-0000-4000-8000-000000000000',
      loginToken: null,
      seen: (signal: ServerSignal) => unread.push(signal),
    };
    expect(await answer(request)).toBeNull();
    expect(unread.at(-1)).toEqual({ remote: 'mfe_marketing', version: versionOfManifest(marketing), cohort: 'stable', outcome: 'unrendered', why: 'manifest' });
  });

  it('is drawn for a visitor with the login cookie as for someone signed in (the header offering the account), kept apart from the other', async () => {
    const { page, manifests } = site();
    const first = html(await page('/'));
    const drawnForSignedIn = html(await page('/', 'a.b.c'));
    expect(first).toContain('<header>Conectare</header><main><h1>Bun venit</h1></main>');
    expect(first).not.toContain(MARKERS.signedInDocumentAttribute);
    expect(drawnForSignedIn).toContain(`<html ${MARKERS.signedInDocumentAttribute} lang="ro">`);
    expect(drawnForSignedIn).toContain(`${MARKERS.renderedManifestAttribute}="${manifests.marketing}"><header>Contul meu</header><main><h1>Bun venit</h1></main>`);
    expect(html(await page('/'))).toBe(first);
    expect(html(await page('/', 'a.b.c'))).toBe(drawnForSignedIn);
  });
});

describe('the pages kept', () => {
  /** How many times the landing page was drawn (its build runs in the server's own context: it counts in a file). */
  const draws = () => (existsSync(join(dir, 'landing-draws')) ? readFileSync(join(dir, 'landing-draws'), 'utf8').length : 0);

  it('are the ones served most recently, up to the bound: the least recently served is drawn again', async () => {
    const { page } = site({ maxPages: 2 });
    await page('/');
    await page('/', null, undefined, 'en');
    await page('/');
    expect(draws()).toBe(2);
    // A third page: the English one, served least recently, makes way.
    await page('/', 'a.b.c');
    await page('/');
    expect(draws()).toBe(3);
    await page('/', null, undefined, 'en');
    expect(draws()).toBe(4);
  });
});

describe('the language a page is drawn in', () => {
  it("is the request's, with <html lang> saying it, each language kept apart", async () => {
    const { page } = site();
    const romanian = html(await page('/'));
    const english = html(await page('/', null, undefined, 'en'));
    expect(romanian).toContain('<html lang="ro">');
    expect(romanian).toContain('<footer>ro</footer>');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<footer>en</footer>');
    expect(html(await page('/'))).toBe(romanian);
    expect(html(await page('/', null, undefined, 'en'))).toBe(english);
  });
});

describe('an address that is no page of the site', () => {
  it("is the shell's not-found page in the request's language, answered 404, drawn once whatever the address", async () => {
    const { page } = site();
    const missing = await page('/no-such-page');
    expect(missing).toMatchObject({ drawn: 'page', personal: false, status: 404 });
    expect(html(missing)).toContain('<div id="root"><header>Conectare</header><main><h1>Pagina nu există</h1>');
    expect(html(await page('/another/missing/page'))).toBe(html(missing));
    expect(html(await page('/no-such-page', null, undefined, 'en'))).toContain('<html lang="en">');
    expect(html(await page('/no-such-page', null, undefined, 'en'))).toContain('<h1>Page not found</h1>');
  });
});

/**
 * A user service standing in for the real one: what it answers each read, and every read it was
 * asked for, with the request that asked (POST /page-reads asks for several: answered as the
 * service answers it, each read as its own route would, or the first refusal for them all).
 */
async function userService(answer: (read: string, token: string | null) => Response | Promise<Response>) {
  const asked: { read: string; request: string; authorization: string | null; cookie: string | null }[] = [];
  const app = new Hono().post('*', async (c) => {
    const request = c.req.path.slice(1);
    const token = c.req.header('Authorization')?.replace(/^Bearer /, '') ?? null;
    const reads: string[] = request === 'page-reads' ? (await c.req.json<{ reads: string[] }>()).reads : [request];
    for (const read of reads) asked.push({ read, request, authorization: c.req.header('Authorization') ?? null, cookie: c.req.header('Cookie') ?? null });
    if (request !== 'page-reads') return answer(request, token);
    const answers = await Promise.all(reads.map((read) => answer(read, token)));
    const refusal = answers.find((response) => !response.ok);
    if (refusal) return refusal;
    return c.json(Object.fromEntries(await Promise.all(answers.map(async (response, i) => [reads[i], await response.json()]))));
  });
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  running.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}
const running: ServerType[] = [];
/** Answers held by a service that does not answer in time, let go when the test is done. */
const hanging: (() => void)[] = [];
afterEach(async () => {
  for (const release of hanging.splice(0)) release();
  await Promise.all(running.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** An ID token as the auth emulator makes them (unsigned: what the service verifies is not this test's). */
const tokenOf = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ exp: 4_000_000_000, ...claims })).toString('base64url')}.`;
const ana = tokenOf({ sub: 'uid-ana', email: 'ana@exemplu.ro', name: 'Ana Pop' });
const ion = tokenOf({ sub: 'uid-ion', email: 'ion@exemplu.ro', name: 'Ion Popa' });
const eva = tokenOf({ sub: 'uid-eva', email: 'eva@exemplu.ro', name: 'Eva Pop' });

const ANSWERS: Record<string, unknown> = {
  'get-user-info': { trialActivated: true, subscriptionActive: true },
  'get-device-info': { deviceId: 'd-1', deviceName: 'Pixel 8' },
};
const answering = (read: string) => Response.json(ANSWERS[read]);

describe('a signed-in page (behind the access guard), asked for with the login cookie', () => {
  it("is drawn whole for the user whose token the service took: the guards' read and the page's for its query, sent as the browser sends them", async () => {
    const service = await userService(answering);
    const { page, manifests } = site({ serviceUrl: service.url });
    const answer = await page('/account?tab=device', ana);
    expect(answer).toEqual({ html: expect.any(String), id: expect.any(String), drawn: 'page', personal: true });
    const drawn = html(answer);
    expect(drawn).toContain(`<html ${MARKERS.signedInDocumentAttribute} lang="ro">`);
    expect(drawn).toContain(`<div id="root" ${MARKERS.prerenderedAttribute}="/account" ${MARKERS.renderedManifestAttribute}="${manifests.account}">`);
    expect(drawn).toContain('<h1>Contul meu</h1><p>/account?tab=device</p><p>Ana Pop</p>');
    expect(drawn).toContain('Pixel 8');
    // The state handed over: whose session, and the answers.
    expect(drawn).toContain(`<script type="application/json" id="${MARKERS.handedOverStateId}">`);
    expect(drawn).toContain('"uid":"uid-ana","email":"ana@exemplu.ro","name":"Ana Pop"');
    expect(service.asked.map(({ read }) => read).sort()).toEqual(['get-device-info', 'get-user-info']);
    expect(service.asked.every(({ authorization, cookie }) => authorization === `Bearer ${ana}` && cookie === null)).toBe(true);
    // The account's two reads in one request to the service.
    expect(service.asked.map(({ request }) => request)).toEqual(['page-reads', 'page-reads']);
  });

  it('leaves the page to the browser when the reads asked for together are not all answered', async () => {
    // A service whose answer to the reads together lacks one of them (an older service, say).
    const partial = new Hono().post('/page-reads', (c) => c.json({ 'get-user-info': ANSWERS['get-user-info'] }));
    const server = await new Promise<ServerType>((resolve) => {
      const listening = serve({ fetch: partial.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
    });
    running.push(server);
    const { page, logged } = site({ serviceUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    expect(html(await page('/account?tab=device', ana))).toContain(LOADING_STATUS);
    expect(logged.join('\n')).toMatch(/get-device-info answered HTTP 200/);
  });

  it("tells what the server saw of the remote's version: its page drawn, its code failing, its turn missed; nothing when the user's token or the service was the cause", async () => {
    const service = await userService((read, token) => (token === ana ? answering(read) : new Response('{}', { status: 401 })));
    const { page, signals, manifests } = site({ serviceUrl: service.url });
    const account = { remote: 'mfe_account', version: versionOfManifest(manifests.account), cohort: 'stable' };
    expect(await page('/account?tab=device', ana)).toMatchObject({ drawn: 'page', personal: true });
    expect(signals.splice(0)).toEqual([
      { ...account, outcome: 'drawing' },
      { ...account, outcome: 'drawn' },
    ]);
    // The page's own code throws (its reads for the URL): served as its loading status, the version's doing.
    expect(html(await page('/account?tab=broken', ana))).toContain(LOADING_STATUS);
    expect(signals.splice(0).at(-1)).toEqual({ ...account, outcome: 'unrendered', why: 'render' });
    // Its turn to render came after its request stopped waiting: still drawing when served (a timeout).
    // (Another address: the one drawn above is kept, and needs no turn.)
    expect(html(await page('/account?tab=device&x=1', ana, Date.now() - 1))).toContain(LOADING_STATUS);
    expect(signals.splice(0)).toEqual([{ ...account, outcome: 'drawing' }]);
    // A token the service refuses: nothing said of the version.
    expect(html(await page('/account?tab=device', tokenOf({ sub: 'uid-ion' })))).toContain(LOADING_STATUS);
    expect(signals).toEqual([]);
  });

  it("reads only what the URL shows: the guards' read for a page that names none", async () => {
    const service = await userService(answering);
    const { page } = site({ serviceUrl: service.url });
    expect(await page('/pricing', ana)).toEqual({ html: expect.stringContaining('<h1>Abonamente</h1>'), id: expect.any(String), drawn: 'page', personal: true });
    expect(service.asked.map(({ read }) => read)).toEqual(['get-user-info']);
    // One read alone: its own route.
    expect(service.asked.map(({ request }) => request)).toEqual(['get-user-info']);
  });

  it("reads afresh for every request, one user's page never served to another", async () => {
    let deviceName = 'Pixel 8';
    const service = await userService((read) => Response.json(read === 'get-device-info' ? { deviceId: 'd-1', deviceName } : ANSWERS[read]));
    const { page } = site({ serviceUrl: service.url });
    const first = html(await page('/account?tab=device', ana));
    deviceName = 'Galaxy A55';
    const ion = tokenOf({ sub: 'uid-ion', email: 'ion@exemplu.ro' });
    const second = html(await page('/account?tab=device', ion));
    expect(first).toContain('Pixel 8');
    expect(second).toContain('Galaxy A55');
    expect(second).not.toContain('Ana Pop');
    expect(second).toContain('"uid":"uid-ion"');
    expect(service.asked).toHaveLength(4);
  });

  const accountDraws = () => (existsSync(join(dir, 'account-draws')) ? readFileSync(join(dir, 'account-draws'), 'utf8').length : 0);

  it("is kept for its user's next request answered the same: read again, not drawn again; drawn again for other answers, another user, address or language", async () => {
    let deviceName = 'Pixel 8';
    let refuse = false;
    const service = await userService((read) =>
      refuse
        ? Response.json({ error: { code: 'unauthenticated', message: '' } }, { status: 401 })
        : Response.json(read === 'get-device-info' ? { deviceId: 'd-1', deviceName } : ANSWERS[read]),
    );
    const { page } = site({ serviceUrl: service.url });
    const firstAnswer = await page('/account?tab=device', ana);
    expect(accountDraws()).toBe(1);
    // The same user, the same answers: the same page, without drawing it, with its id; the service was asked again.
    const again = await page('/account?tab=device', ana);
    expect(again).toEqual(firstAnswer);
    expect(accountDraws()).toBe(1);
    expect(service.asked).toHaveLength(4);
    // The user linked another phone: the answer differs, and so does the page.
    deviceName = 'Galaxy A55';
    const changedAnswer = await page('/account?tab=device', ana);
    expect(changedAnswer && 'id' in changedAnswer && firstAnswer && 'id' in firstAnswer && changedAnswer.id !== firstAnswer.id).toBe(true);
    const changed = html(changedAnswer);
    expect(changed).toContain('Galaxy A55');
    expect(changed).not.toContain('Pixel 8');
    expect(accountDraws()).toBe(2);
    // Another user with the same answers, another address, another language: each drawn for itself.
    const ion = html(await page('/account?tab=device', tokenOf({ sub: 'uid-ion', email: 'ion@exemplu.ro', name: 'Ion' })));
    expect(ion).toContain('"uid":"uid-ion"');
    expect(ion).not.toContain('uid-ana');
    expect(html(await page('/account?tab=device&x=1', ana))).toContain('<p>/account?tab=device&x=1</p>');
    expect(html(await page('/account?tab=device', ana, undefined, 'en'))).toContain('lang="en"');
    expect(accountDraws()).toBe(5);
    // A token refused by the service is not drawn from what was kept for its user.
    refuse = true;
    expect(html(await page('/account?tab=device', ana))).toContain(LOADING_STATUS);
  });

  it('is kept for PERSONAL_PAGE_TTL_MS at most (here a few ms), and not at all with 0', async () => {
    const service = await userService(answering);
    const brief = site({ serviceUrl: service.url, personalPageTtlMs: 5 });
    const before = await brief.page('/account?tab=device', ana);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await brief.page('/account?tab=device', ana);
    expect(accountDraws()).toBe(2);
    // Drawn again from the same answers: another drawing, another id (what is kept of the first, compressed, is not its).
    expect(after && 'id' in after && before && 'id' in before && after.id !== before.id).toBe(true);
    const never = site({ serviceUrl: service.url, personalPageTtlMs: 0 });
    await never.page('/account?tab=device', ana);
    await never.page('/account?tab=device', ana);
    expect(accountDraws()).toBe(2);
  });

  it("is drawn with one copy of the remote's build per page, made once and used for every user's render of it", async () => {
    const service = await userService(answering);
    const { page } = site({ serviceUrl: service.url });
    const runs = () => (existsSync(join(dir, 'account-entry-runs')) ? readFileSync(join(dir, 'account-entry-runs'), 'utf8').length : 0);
    const users = ['ana', 'ion', 'eva'].map((name) => tokenOf({ sub: `uid-${name}`, email: `${name}@exemplu.ro`, name }));
    for (const [index, user] of users.entries()) {
      const drawn = html(await page(index === 2 ? '/account' : '/account?tab=device', user));
      expect(drawn).toContain(`"uid":"uid-${['ana', 'ion', 'eva'][index]}"`);
      for (const other of ['ana', 'ion', 'eva'].filter((_, at) => at !== index)) expect(drawn).not.toContain(`uid-${other}`);
    }
    expect(runs()).toBe(1);
    // Another page of the same remote has a copy of its own (its components named as a fresh copy names them).
    expect(html(await page('/pricing', users[0]))).toContain('<h1>Abonamente</h1>');
    expect(runs()).toBe(2);
  });

  it('is a redirect where the guards send the user first (a trial never activated, on the account)', async () => {
    const service = await userService((read) => Response.json(read === 'get-user-info' ? { trialActivated: false, subscriptionActive: false } : ANSWERS[read]));
    const { page } = site({ serviceUrl: service.url });
    expect(await page('/account', ana)).toEqual({ redirect: '/account-pricing' });
  });

  it("keeps the address's language on the guards' redirect, and nothing else of its query", async () => {
    const service = await userService((read) => Response.json(read === 'get-user-info' ? { trialActivated: false, subscriptionActive: false } : ANSWERS[read]));
    const { page } = site({ serviceUrl: service.url });
    expect(await page('/account?tab=device&lang=en', ana)).toEqual({ redirect: '/account-pricing?lang=en' });
    expect(await page('/account?lang=xx', ana)).toEqual({ redirect: '/account-pricing' });
  });

  it.each([
    ['the service refuses the token (expired, invalid, another project)', () => Response.json({ error: { code: 'unauthenticated', message: '' } }, { status: 401 }), false],
    ['the account was deleted', () => Response.json({ error: { code: 'account_deleted', message: '' } }, { status: 410 }), false],
    ['a read fails', (read: string) => (read === 'get-device-info' ? Response.json({ error: { code: 'internal', message: '' } }, { status: 503 }) : answering(read)), true],
    ['the service is slower than the budget', () => new Promise<Response>((resolve) => hanging.push(() => resolve(answering('get-user-info')))), true],
  ])('is its loading status, as the browser first draws it, when %s', async (_case, answer, logs) => {
    const service = await userService(answer);
    const { page, logged } = site({ serviceUrl: service.url, readsBudgetMs: 200 });
    const answered = await page('/account?tab=device', ana);
    expect(answered).toEqual({ html: expect.stringContaining(LOADING_STATUS), id: expect.any(String), drawn: 'loading status', personal: false });
    expect(html(answered)).not.toContain(MARKERS.handedOverStateId);
    expect(html(answered)).not.toContain(MARKERS.renderedManifestAttribute);
    expect(logged).toEqual(logs ? [expect.stringMatching(/^\/account is served as its loading status: /)] : []);
    // Nothing of the user in the log: no token, no address.
    expect(logged.join('\n')).not.toMatch(/ana@|uid-ana|eyJ/);
  });

  it('is its loading status at once for a token that cannot be valid (not a token, expired, about to: less than the one rule of shared-ui/login-token left, as the browser judges it): nothing read, nothing run', async () => {
    const service = await userService(answering);
    const { page } = site({ serviceUrl: service.url });
    // The account's render entry counts its runs in a file: it runs in the server's own context, not the test's.
    const runs = () => (existsSync(join(dir, 'account-entry-runs')) ? readFileSync(join(dir, 'account-entry-runs'), 'utf8').length : 0);
    const before = runs();
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      'a.b.c',
      tokenOf({ sub: 'uid-ana', exp: now - 60 }),
      tokenOf({ sub: 'uid-ana', exp: now + 10 }),
      tokenOf({ sub: 'uid-ana', exp: now + LOGIN_TOKEN_MIN_VALIDITY_MS / 1000 - 15 }),
    ]) {
      expect(html(await page('/account?tab=device', token))).toContain(LOADING_STATUS);
    }
    expect(service.asked).toEqual([]);
    expect(runs()).toBe(before);
    // The count is seen: a valid token's page runs the entry.
    expect(html(await page('/account?tab=device', ana))).not.toContain(LOADING_STATUS);
    expect(runs()).toBeGreaterThan(before);
  });

  it.each([
    ['its serverReads throws', '/account?tab=broken', /serverReads throws/],
    ['its serverReads names a read the service does not have', '/account?tab=unknown', /reads the user service does not have: get-everything/],
  ])('is its loading status when %s, said in the log', async (_case, path, said) => {
    const service = await userService(answering);
    const { page, logged } = site({ serviceUrl: service.url });
    expect(html(await page(path, ana))).toContain(LOADING_STATUS);
    expect(logged).toEqual([expect.stringMatching(said)]);
  });

  it('holds no other page back while it waits for the service: a public page is drawn meanwhile', async () => {
    const service = await userService(() => new Promise<Response>((resolve) => hanging.push(() => resolve(answering('get-user-info')))));
    const { page } = site({ serviceUrl: service.url, readsBudgetMs: 5_000 });
    const signedIn = page('/pricing', ana);
    // The signed-in page has asked the service, and waits.
    while (service.asked.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(html(await page('/'))).toContain('<h1>Bun venit</h1>');
    for (const release of hanging.splice(0)) release();
    expect(await signedIn).toMatchObject({ personal: true });
  });

  it('is its loading status at once past the signed-in pages under way at a time, and drawn whole again once they are done', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    hanging.push(() => answer());
    const service = await userService(async (read) => {
      await held;
      return answering(read);
    });
    // The service holds its answers past the test's own time limit: a page that waited for them would fail it.
    const { page, logged } = site({ serviceUrl: service.url, readsBudgetMs: 60_000, maxSignedInRenders: 2 });
    // Two users' pages, each reading for itself.
    const under = [page('/account?tab=device', ion), page('/account', eva)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await page('/account?tab=device', ana);
    expect(third).toEqual({ html: expect.stringContaining(LOADING_STATUS), id: expect.any(String), drawn: 'loading status', personal: false });
    expect(logged).toContainEqual('/account is served as its loading status: 2 signed-in pages are being drawn already');
    answer();
    for (const drawn of await Promise.all(under)) expect(drawn).toMatchObject({ drawn: 'page', personal: true });
    expect(await page('/account?tab=device', ana)).toMatchObject({ drawn: 'page', personal: true });
  });

  it("is not refused by the limit when its user's same reads are under way (it asks nothing more), and is answered with them", async () => {
    let release: () => void = () => undefined;
    let held: Promise<void> = Promise.resolve();
    hanging.push(() => release());
    const service = await userService(async (read) => {
      await held;
      return answering(read);
    });
    const { page, logged } = site({ serviceUrl: service.url, readsBudgetMs: 60_000, maxSignedInRenders: 2 });
    // Ana's device tab, drawn once and kept for her.
    expect(await page('/account?tab=device', ana)).toMatchObject({ drawn: 'page', personal: true });
    held = new Promise<void>((resolve) => (release = resolve));
    const asked = service.asked.length;
    // Two pages under way, reading for themselves: Ana's and Ion's.
    const under = [page('/account?tab=device', ana), page('/account?tab=device', ion)];
    while (service.asked.length < asked + 4) await new Promise((resolve) => setTimeout(resolve, 5));
    // Ana's next page joins her reads under way: waiting, not refused; Eva's, a read of her own, is refused at once.
    const joining = page('/account?tab=device', ana);
    expect(await page('/account?tab=device', eva)).toMatchObject({ drawn: 'loading status' });
    expect(logged).toEqual(['/account is served as its loading status: 2 signed-in pages are being drawn already']);
    release();
    for (const drawn of await Promise.all([...under, joining])) expect(drawn).toMatchObject({ drawn: 'page', personal: true });
    // Her page was read once for both, and its page kept for her answered them.
    expect(service.asked.length).toBe(asked + 4);
  });

  it('is its loading status when its request stopped waiting before its turn to render came', async () => {
    const service = await userService(answering);
    const { page, logged } = site({ serviceUrl: service.url });
    expect(html(await page('/account?tab=device', ana, Date.now() - 1))).toContain(LOADING_STATUS);
    expect(logged).toEqual([expect.stringMatching(/stopped waiting before its turn to render came/)]);
  });

  it('is its loading status when the service cannot be reached, said in the log', async () => {
    const { page, logged } = site({ serviceUrl: 'http://127.0.0.1:9' });
    expect(html(await page('/account', ana))).toContain(LOADING_STATUS);
    expect(logged).toEqual([expect.stringMatching(/^\/account is served as its loading status: the user service could not be reached/)]);
  });

  it('is served empty to a visitor without the login cookie (sent to /login by the guard)', async () => {
    const service = await userService(answering);
    const { page } = site({ serviceUrl: service.url });
    expect(await page('/pricing')).toBeNull();
    expect(service.asked).toEqual([]);
  });

  it('is served empty when even its loading status fails to render, and said in the log', async () => {
    const { page, logged } = site();
    expect(await page('/account-billing', 'a.b.c')).toBeNull();
    expect(logged).toContainEqual(expect.stringMatching(/^\/account-billing is served empty: .*the layout throws/));
  });
});

/** The service's page changes as a site's server hears them (pageChanges.ts): followed or not, and each user's changes told. */
function changesHeard() {
  let stream: number | null = 1;
  const changed = new Map<string, number>();
  let changes = 0;
  return {
    pageChanges: {
      mark: (key: string) => (stream === null ? null : `${stream}:${changed.get(key) ?? 0}`),
      close: () => undefined,
    } satisfies PageChanges,
    /** A change of the user's (by uid) heard. */
    change: (uid: string) => void changed.set(pageChangeKey(uid), ++changes),
    /** The stream lost (null), or heard again (another stream). */
    lose: () => void (stream = null),
    followAgain: (next: number) => void (stream = next),
  };
}

describe("a signed-in page, while the service's page changes are followed", () => {
  const accountDraws = () => (existsSync(join(dir, 'account-draws')) ? readFileSync(join(dir, 'account-draws'), 'utf8').length : 0);

  it("is drawn from the answers read for the same token, asking the service nothing, until a change of its user's is heard", async () => {
    let deviceName = 'Pixel 8';
    const service = await userService((read) => Response.json(read === 'get-device-info' ? { deviceId: 'd-1', deviceName } : ANSWERS[read]));
    const heard = changesHeard();
    const { page } = site({ serviceUrl: service.url, pageChanges: heard.pageChanges });
    const first = await page('/account?tab=device', ana);
    expect(service.asked).toHaveLength(2);
    // The same token again: nothing asked, nothing drawn, the same page.
    expect(await page('/account?tab=device', ana)).toEqual(first);
    expect(await page('/account?tab=device', ana)).toEqual(first);
    expect(service.asked).toHaveLength(2);
    expect(accountDraws()).toBe(1);
    // Another user's change changes nothing of Ana's.
    heard.change('uid-ion');
    await page('/account?tab=device', ana);
    expect(service.asked).toHaveLength(2);
    // Ana linked another phone: the change is heard, her next page reads and shows it.
    deviceName = 'Galaxy A55';
    heard.change('uid-ana');
    const changed = html(await page('/account?tab=device', ana));
    expect(changed).toContain('Galaxy A55');
    expect(service.asked).toHaveLength(4);
    // And is kept from then on.
    expect(html(await page('/account?tab=device', ana))).toContain('Galaxy A55');
    expect(service.asked).toHaveLength(4);
    // Other reads (another tab's) are other answers: read.
    await page('/account', ana);
    expect(service.asked).toHaveLength(5);
  });

  it("reads for another token, even its user's own: only the exact token the service verified is taken", async () => {
    // The service verifies tokens: a forged one (here, any that says so) is refused.
    const service = await userService((read, token) =>
      token && JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).forged
        ? Response.json({ error: { code: 'unauthenticated', message: '' } }, { status: 401 })
        : answering(read),
    );
    const { page } = site({ serviceUrl: service.url, pageChanges: changesHeard().pageChanges });
    await page('/account?tab=device', ana);
    // The same user's next token (the browser refreshed it): read, and verified by the service.
    const anaAgain = tokenOf({ sub: 'uid-ana', email: 'ana@exemplu.ro', name: 'Ana Pop', iat: 1 });
    await page('/account?tab=device', anaAgain);
    expect(service.asked.map(({ authorization }) => authorization)).toEqual([`Bearer ${ana}`, `Bearer ${ana}`, `Bearer ${anaAgain}`, `Bearer ${anaAgain}`]);
    // A forged token naming Ana is never answered from what was kept for hers: read, refused, every time.
    const forged = tokenOf({ sub: 'uid-ana', email: 'ana@exemplu.ro', name: 'Ana Pop', forged: true });
    expect(html(await page('/account?tab=device', forged))).toContain(LOADING_STATUS);
    expect(html(await page('/account?tab=device', forged))).toContain(LOADING_STATUS);
    expect(service.asked).toHaveLength(8);
    // Ana's own is still drawn from hers.
    expect(html(await page('/account?tab=device', ana))).toContain('"uid":"uid-ana"');
    expect(service.asked).toHaveLength(8);
  });

  it("reads afresh for the browser's next page after a change of its own (its note changed), though the change is not heard yet", async () => {
    let deviceName: string | null = 'Pixel 8';
    const service = await userService((read) => Response.json(read === 'get-device-info' ? { deviceId: deviceName && 'd-1', deviceName } : ANSWERS[read]));
    const { page } = site({ serviceUrl: service.url, pageChanges: changesHeard().pageChanges });
    expect(html(await page('/account?tab=device', ana))).toContain('Pixel 8');
    expect(html(await page('/account?tab=device', ana))).toContain('Pixel 8');
    expect(service.asked).toHaveLength(2);
    // This browser unlinked the phone: its note is new; the service's change is still on its way.
    deviceName = null;
    expect(html(await page('/account?tab=device', ana, undefined, undefined, 'note-1'))).not.toContain('Pixel 8');
    expect(service.asked).toHaveLength(4);
    expect(html(await page('/account?tab=device', ana, undefined, undefined, 'note-1'))).not.toContain('Pixel 8');
    expect(service.asked).toHaveLength(4);
  });

  it('reads for every request while the changes are not heard, and keeps nothing read from before a stream was lost', async () => {
    const service = await userService(answering);
    const heard = changesHeard();
    const { page } = site({ serviceUrl: service.url, pageChanges: heard.pageChanges });
    await page('/account?tab=device', ana);
    heard.lose();
    await page('/account?tab=device', ana);
    await page('/account?tab=device', ana);
    expect(service.asked).toHaveLength(6);
    // Heard again (another stream): what was kept under the first is not used; read once, then kept.
    heard.followAgain(2);
    await page('/account?tab=device', ana);
    await page('/account?tab=device', ana);
    expect(service.asked).toHaveLength(8);
  });

  it("keeps nothing read while a change of its user's was heard: the answers may be from before it", async () => {
    let deviceName = 'Pixel 8';
    let answered: () => void = () => undefined;
    const heard = changesHeard();
    const service = await userService(async (read) => {
      if (read === 'get-device-info') {
        const name = deviceName;
        // The service read the old phone; the change commits, and is heard, before its answer arrives.
        await new Promise<void>((resolve) => (answered = resolve));
        return Response.json({ deviceId: 'd-1', deviceName: name });
      }
      return Response.json(ANSWERS[read]);
    });
    const { page } = site({ serviceUrl: service.url, pageChanges: heard.pageChanges });
    const drawing = page('/account?tab=device', ana);
    while (service.asked.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const holdFirst = answered;
    deviceName = 'Galaxy A55';
    heard.change('uid-ana');
    // A page asked for now takes no read started before the change: it reads for itself.
    const meanwhile = page('/account?tab=device', ana);
    while (service.asked.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    holdFirst();
    expect(html(await drawing)).toContain('Pixel 8');
    answered();
    expect(html(await meanwhile)).toContain('Galaxy A55');
    // What was read before the change is not kept; what was read after it is.
    expect(html(await page('/account?tab=device', ana))).toContain('Galaxy A55');
    expect(service.asked).toHaveLength(4);
  });
});

describe('the code a page is drawn with', () => {
  /** The site's pages with this remotes document, asked for at `requestUrl` (its origin is what the request's Host says). */
  function drawnWith(doc: (builds: ReturnType<typeof writeBuilds>) => RemotesDocument, options: { integrityRequired?: boolean; siteOrigin?: string | null } = {}) {
    const builds = writeBuilds();
    const logged: string[] = [];
    const manifestsRead: string[] = [];
    const answer = renderedPages({
      dist: builds.shell,
      remotes: () => doc(builds),
      config: { userServiceUrl: 'http://127.0.0.1:9' } as never,
      manifestAt: async (url) => {
        manifestsRead.push(url);
        return manifestOf(url.includes('mfe-account') ? 'render.cccccccccccc.js' : 'render.bbbbbbbbbbbb.js');
      },
      log: (message) => logged.push(message),
      ...options,
    });
    const page = (url: string) => answer({ url: new URL(url), visitorId: '00000000-0000-4000-8000-000000000000', loginToken: null });
    return { page, logged, manifestsRead, builds };
  }
  const entryOf = (manifest: string) => new URL('server/render.bbbbbbbbbbbb.js', manifest).href;
  const integrityOf = (file: string) => sriSha256(readFileSync(fileURLToPath(file)));

  it('is the one whose integrity its release recorded, else the page is served empty and logged', async () => {
    const { page, logged } = drawnWith(
      ({ marketing, account }) => ({
        mfe_marketing: { manifest: marketing, integrity: { 'server/render.bbbbbbbbbbbb.js': integrityOf(entryOf(marketing)) } },
        mfe_auth: { manifest: marketing },
        mfe_account: { manifest: account },
      }),
      { integrityRequired: true },
    );
    expect(html(await page('http://localhost:3000/'))).toContain('<h1>Bun venit</h1>');
    expect(logged).toEqual([]);

    const changed = drawnWith(
      ({ marketing, account }) => {
        writeFileSync(fileURLToPath(entryOf(marketing)), `require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'marker'))}, 'ran'); exports.exposedModules = () => ({});`);
        return {
          mfe_marketing: { manifest: marketing, integrity: { 'server/render.bbbbbbbbbbbb.js': `sha256-${'A'.repeat(43)}=` } },
          mfe_auth: { manifest: marketing },
          mfe_account: { manifest: account },
        };
      },
      { integrityRequired: true },
    );
    expect(await changed.page('http://localhost:3000/')).toBeNull();
    expect(existsSync(join(dir, 'marker'))).toBe(false);
    expect(changed.logged).toEqual([expect.stringMatching(/^\/ is served empty: .*does not match the integrity its release recorded/)]);
  });

  it('runs, outside local mode, only with an integrity recorded', async () => {
    const { page, logged } = drawnWith(
      ({ marketing, account }) => ({ mfe_marketing: { manifest: marketing }, mfe_auth: { manifest: marketing }, mfe_account: { manifest: account } }),
      { integrityRequired: true },
    );
    expect(await page('http://localhost:3000/')).toBeNull();
    expect(logged).toEqual([expect.stringMatching(/no integrity recorded by a release/)]);
  });

  it("is found from the configured origin, never from the request's Host", async () => {
    const relative = ({ account }: ReturnType<typeof writeBuilds>) => ({
      mfe_marketing: { manifest: '/mfe-marketing/1.0.0/mf-manifest.json' },
      mfe_auth: { manifest: account },
      mfe_account: { manifest: account },
    });
    const configured = drawnWith(relative, { siteOrigin: 'https://vedere.example' });
    await configured.page('http://attacker.example:3999/');
    expect(configured.manifestsRead).toEqual(['https://vedere.example/mfe-marketing/1.0.0/mf-manifest.json']);
    const none = drawnWith(relative);
    expect(await none.page('http://attacker.example:3999/')).toBeNull();
    expect(none.manifestsRead).toEqual([]);
    expect(none.logged).toEqual([expect.stringContaining('is relative, and no site origin is configured')]);
  });

  it("is taken only from its manifest's own origin", async () => {
    const builds = writeBuilds();
    const logged: string[] = [];
    const answer = renderedPages({
      dist: builds.shell,
      remotes: () => ({
        mfe_marketing: { manifest: 'https://cdn.vedere.example/m/mf-manifest.json' },
        mfe_auth: { manifest: builds.account },
        mfe_account: { manifest: builds.account },
      }),
      config: { userServiceUrl: 'http://127.0.0.1:9' } as never,
      manifestAt: async () => ({ metaData: { ssrRemoteEntry: { name: 'render.js', path: 'http://attacker.example/server' } } }),
      log: (message) => logged.push(message),
    });
    expect(await answer({ url: new URL('https://vedere.example/'), visitorId: '00000000-0000-4000-8000-000000000000', loginToken: null })).toBeNull();
    expect(logged).toEqual([expect.stringContaining('names a render entry on another origin (http://attacker.example/server/render.js)')]);
  });
});
