import { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_COOKIE, VIEW_TOKEN_TTL_S } from '@site/contract/telemetry';
import { verifyViewToken } from '@site/contract/view-token';
import { cohortBucket, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedService } from '@site/service-user/embedded';
import { shellApp } from './siteServers';
import type { ServerSignal } from '@site/rendering/server';
import { Hono } from 'hono';
import { outcomesOf, sawOnPage, serviceServerSignals, serviceViewGrants, viewTokenCookie, viewTokenSecret, type PageOutcome, type ViewGrants } from './viewTokens';
import { signedVisitorId } from './visitor';
import { OPERATOR_ENV } from './testing/operatorEnv';

const document: RemotesDocument = {
  mfe_marketing: {
    manifest: 'https://cdn.example/mfe-marketing/1.0.0-aaaaaaaaaaaa/mf-manifest.json',
    canary: { manifest: 'https://cdn.example/mfe-marketing/1.1.0-bbbbbbbbbbbb/mf-manifest.json', percentage: 50 },
  },
  mfe_auth: { manifest: 'http://localhost:3002/mf-manifest.json' },
  mfe_account: { manifest: 'https://cdn.example/mfe-account/2.0.0-cccccccccccc/mf-manifest.json' },
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'view-tokens-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'main.js'), 'console.log(1)');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The site's server, its grants answered by `viewGrants` (default: every one granted). */
const app = (viewGrants: ViewGrants = async () => true) => shellApp({ remotes: () => document, dist, prerender: false, readsServiceUrl: null, viewGrants });
const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1);

describe('the view token served beside each page', () => {
  it("names the deployment the visitor is given of each remote (version and cohort), signed with the service's secret", async () => {
    // Two visitors: one whose bucket falls in mfe_marketing's 50% canary, one whose does not.
    const visitors = [
      '0c0ffee0-0000-4000-8000-000000000001',
      '0c0ffee0-0000-4000-8000-000000000002',
      '0c0ffee0-0000-4000-8000-000000000003',
      '0c0ffee0-0000-4000-8000-000000000004',
    ].map((id) => signedVisitorId(LOCAL_VIEW_TOKEN_SECRET, id));
    const inCanary = visitors.find((id) => cohortBucket(id, 'mfe_marketing') < 50)!;
    const outside = visitors.find((id) => cohortBucket(id, 'mfe_marketing') >= 50)!;
    for (const [visitor, marketing] of [
      [inCanary, { version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary' }],
      [outside, { version: '1.0.0-aaaaaaaaaaaa', cohort: 'stable' }],
    ] as const) {
      const response = await app().request('/contact', { headers: { Cookie: `visitor-id=${visitor}` } });
      expect(response.status).toBe(200);
      const token = cookieOf(response, VIEW_TOKEN_COOKIE);
      const verified = await verifyViewToken(LOCAL_VIEW_TOKEN_SECRET, token);
      expect(verified?.deployments).toEqual({
        mfe_marketing: marketing,
        mfe_auth: { version: 'local', cohort: 'stable' },
        mfe_account: { version: '2.0.0-cccccccccccc', cohort: 'stable' },
      });
    }
  });

  it('is a cookie the shell can read, for the time a token counts, and the page itself does not carry it (it stays cacheable)', async () => {
    const response = await app().request('/');
    const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${VIEW_TOKEN_COOKIE}=`))!;
    expect(header).toMatch(new RegExp(`Max-Age=${VIEW_TOKEN_TTL_S}`));
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/HttpOnly/);
    expect(await response.text()).not.toContain(cookieOf(response, VIEW_TOKEN_COOKIE));
  });

  it('is fresh for every page: two views of one page never share a token', async () => {
    const tokens = await Promise.all([app().request('/'), app().request('/')].map(async (r) => cookieOf(await r, VIEW_TOKEN_COOKIE)));
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('comes with pages only: not with a script or a document of the site', async () => {
    for (const path of ['/main.js', '/config.js', '/remotes.json', '/robots.txt']) {
      const response = await app().request(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect([path, cookieOf(response, VIEW_TOKEN_COOKIE)]).toEqual([path, undefined]);
    }
  });

  it('comes only when the user service grants one more to the visitor’s address, asked for pages only', async () => {
    const asked: (string | null)[] = [];
    const refusing = app(async (address) => {
      asked.push(address);
      return false;
    });
    const response = await refusing.request('/contact');
    expect(response.status).toBe(200);
    expect(cookieOf(response, VIEW_TOKEN_COOKIE)).toBeUndefined();
    // Asked once, for the page (an in-process request has no address); never for a file or a HEAD.
    for (const [path, method] of [
      ['/main.js', 'GET'],
      ['/config.js', 'GET'],
      ['/contact', 'HEAD'],
    ]) {
      await refusing.request(path!, { method });
    }
    expect(asked).toEqual([null]);
    // A grant that fails is none.
    expect(cookieOf(await app(async () => Promise.reject(new Error('down'))).request('/contact'), VIEW_TOKEN_COOKIE)).toBeUndefined();
  });

  it('is asked for only for an address of the route table: a path that is no page of the site spends none of the visitor’s few', async () => {
    const routed = mkdtempSync(join(tmpdir(), 'view-tokens-routes-'));
    try {
      writeFileSync(join(routed, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
      writeFileSync(
        join(routed, 'routes.json'),
        JSON.stringify({ pages: { contact: { remote: 'mfe_marketing', module: './ContactPage' } }, routes: [{ path: '/contact', page: 'contact', prerender: true }] }),
      );
      const asked: string[] = [];
      const site = shellApp({
        remotes: () => document,
        dist: routed,
        prerender: false,
        readsServiceUrl: null,
        viewGrants: async () => {
          asked.push('asked');
          return true;
        },
      });
      expect(cookieOf(await site.request('/wp-login.php.bak/x'), VIEW_TOKEN_COOKIE)).toBeUndefined();
      expect(cookieOf(await site.request('/no-such-page'), VIEW_TOKEN_COOKIE)).toBeUndefined();
      expect(asked).toEqual([]);
      expect(cookieOf(await site.request('/contact'), VIEW_TOKEN_COOKIE)).toBeDefined();
      expect(asked).toEqual(['asked']);
    } finally {
      rmSync(routed, { recursive: true, force: true });
    }
  });

  it('comes with no answer that is not a page: a page file asked for by its name, an error', async () => {
    for (const path of ['/index.html', '/no-such-file.js']) {
      const response = await app().request(path);
      expect([path, cookieOf(response, VIEW_TOKEN_COOKIE)]).toEqual([path, undefined]);
    }
  });

  it('comes with a page asked for with GET only: a HEAD or an OPTIONS views nothing', async () => {
    expect(cookieOf(await app().request('/contact'), VIEW_TOKEN_COOKIE)).toBeDefined();
    for (const method of ['HEAD', 'OPTIONS']) {
      const response = await app().request('/contact', { method });
      expect([method, response.status < 300, cookieOf(response, VIEW_TOKEN_COOKIE)]).toEqual([method, true, undefined]);
    }
  });
});

describe("the visitor's id, the server's own", () => {
  it('is given signed on a first visit, kept when the server signed it, and replaced when missing, made up or altered', async () => {
    const first = cookieOf(await app().request('/contact'), 'visitor-id');
    expect(first).toMatch(/^[0-9a-f-]{36}\.[\w-]{22}$/);
    expect(cookieOf(await app().request('/contact', { headers: { Cookie: `visitor-id=${first}` } }), 'visitor-id')).toBeUndefined();
    const [uuid, signature] = first!.split('.');
    for (const made of [
      uuid!,
      `${uuid}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `0c0ffee0-0000-4000-8000-000000000001.${signature}`,
      signedVisitorId('a-secret-the-visitor-made-up-0123456789', uuid!),
    ]) {
      const given = cookieOf(await app().request('/contact', { headers: { Cookie: `visitor-id=${made}` } }), 'visitor-id');
      expect([made, given === made, given]).toEqual([made, false, expect.stringMatching(/^[0-9a-f-]{36}\.[\w-]{22}$/)]);
    }
  });

  it('cannot be chosen to land in the canary: a made-up id in its bucket is drawn again, and the token names the cohort of the id given', async () => {
    const made = Array.from({ length: 40 }, (_, i) => `0c0ffee0-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`).filter((id) => cohortBucket(id, 'mfe_marketing') < 50);
    for (const id of made.slice(0, 8)) {
      const response = await app().request('/contact', { headers: { Cookie: `visitor-id=${id}` } });
      const given = cookieOf(response, 'visitor-id')!;
      expect(given).not.toBe(id);
      const verified = await verifyViewToken(LOCAL_VIEW_TOKEN_SECRET, cookieOf(response, VIEW_TOKEN_COOKIE));
      expect(verified?.deployments.mfe_marketing?.cohort).toBe(cohortBucket(given, 'mfe_marketing') < 50 ? 'canary' : 'stable');
    }
  });
});

describe('what the server saw as it drew a page', () => {
  const unrendered: ServerSignal = { remote: 'mfe_marketing', version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary', outcome: 'unrendered', why: 'render' };
  /** A page handler that saw its version fail, behind the view tokens' middleware. */
  const drawing = (grant: ViewGrants, reports: PageOutcome[][]) =>
    new Hono()
      .use(
        '*',
        viewTokenCookie({
          remotes: () => document,
          secret: LOCAL_VIEW_TOKEN_SECRET,
          grant,
          report: async (signals) => {
            reports.push(signals);
          },
        }),
      )
      .on(['GET', 'HEAD'], '*', (c) => {
        sawOnPage(c, unrendered);
        return c.html('<!doctype html><p>served unrendered</p>');
      });

  it('is reported for a page given a view token, and only then (counted as the views are, a few a minute per address)', async () => {
    const reports: PageOutcome[][] = [];
    expect(cookieOf(await drawing(async () => true, reports).request('/contact'), VIEW_TOKEN_COOKIE)).toBeDefined();
    expect(reports).toEqual([[unrendered]]);
    await drawing(async () => false, reports).request('/contact');
    await drawing(async () => true, reports).request('/contact', { method: 'HEAD' });
    expect(reports).toHaveLength(1);
  });

  it('makes the token name the version and cohort the page was drawn with, even when the document changed meanwhile', async () => {
    const response = await drawing(async () => true, []).request('/contact');
    const verified = await verifyViewToken(LOCAL_VIEW_TOKEN_SECRET, cookieOf(response, VIEW_TOKEN_COOKIE));
    // The document gives this visitor its stable or canary by its bucket; the page was drawn from the canary.
    expect(verified?.deployments.mfe_marketing).toEqual({ version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary' });
    const other = new Hono().use('*', viewTokenCookie({ remotes: () => document, secret: LOCAL_VIEW_TOKEN_SECRET, grant: async () => true })).get('*', (c) => {
      sawOnPage(c, { ...unrendered, version: '0.9.0-000000000000', cohort: 'stable' });
      return c.html('<!doctype html><p>drawn</p>');
    });
    const older = await verifyViewToken(LOCAL_VIEW_TOKEN_SECRET, cookieOf(await other.request('/contact'), VIEW_TOKEN_COOKIE));
    expect(older?.deployments.mfe_marketing).toEqual({ version: '0.9.0-000000000000', cohort: 'stable' });
  });

  it("counts a page served before its drawing ended as unrendered (timed out), and each deployment's last outcome once", () => {
    const of = (outcome: ServerSignal['outcome'], remote: ServerSignal['remote'] = 'mfe_marketing'): ServerSignal => ({
      remote,
      version: '1.1.0-bbbbbbbbbbbb',
      cohort: 'canary',
      outcome,
    });
    expect(outcomesOf([of('drawing'), of('drawing', 'mfe_account'), of('drawn', 'mfe_account')])).toEqual([{ ...of('unrendered'), why: 'timeout' }, of('drawn', 'mfe_account')]);
  });
});

describe("the user service's view grants", () => {
  let service: Awaited<ReturnType<typeof startEmbeddedService>>;
  let url: string;
  beforeAll(async () => {
    const port = 8770 + Number(process.env.JEST_WORKER_ID ?? 1);
    service = await startEmbeddedService({ port, env: { VIEW_TOKENS_PER_ADDRESS: '3' } });
    url = `http://127.0.0.1:${port}`;
    // A fresh embedded database runs PostgreSQL's initdb: set up, not measured (forgedFigures.test.ts).
  }, 60_000);
  afterAll(() => service.close());

  it('grant a few tokens a minute to one address, while another address still has its own', async () => {
    const grant = serviceViewGrants(url, LOCAL_VIEW_TOKEN_SECRET);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await grant('203.0.113.5'));
    expect(answers).toEqual([true, true, true, false, false]);
    // The refusal is remembered until the window ends: the fifth ask did not reach the service.
    const counted = await service.db.query<{ hits: number }>("SELECT max(hits)::int AS hits FROM rate_limit_hits WHERE key LIKE 'view-grant:%'");
    expect(counted.rows[0]!.hits).toBe(4);
    expect(await grant('203.0.113.6')).toBe(true);
    // Through the site's server: its pages come without a token once the address has had its few.
    const site = app(grant);
    const tokens = [];
    for (let i = 0; i < 4; i += 1) tokens.push(cookieOf(await site.request('/contact'), VIEW_TOKEN_COOKIE));
    expect(tokens.map(Boolean)).toEqual([true, true, true, false]);
    // Counted under a keyed hash: no address in the table.
    const { rows } = await service.db.query<{ key: string }>("SELECT key FROM rate_limit_hits WHERE key LIKE 'view-grant:%'");
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|unknown/);
  });

  it('record what the server saw, per deployment, for the summary (release watch weighs it)', async () => {
    await serviceServerSignals(
      url,
      LOCAL_VIEW_TOKEN_SECRET,
    )([{ remote: 'mfe_marketing', version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary', outcome: 'unrendered', why: 'manifest' }]);
    await serviceServerSignals(url, LOCAL_VIEW_TOKEN_SECRET)([{ remote: 'mfe_marketing', version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary', outcome: 'drawn' }]);
    // A report the service cannot verify is said (once a minute at most), and counts nothing.
    const said: string[] = [];
    await serviceServerSignals(url, 'a-secret-that-is-not-the-services-0123456789', (message) => said.push(message))([
      { remote: 'mfe_marketing', version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary', outcome: 'unrendered' },
    ]);
    expect(said).toEqual([expect.stringMatching(/HTTP 401/)]);
    const summary = (await (await fetch(`${url}/telemetry/summary?remote=mfe_marketing`)).json()) as { deployments: unknown[] };
    expect(summary.deployments).toEqual([expect.objectContaining({ version: '1.1.0-bbbbbbbbbbbb', cohort: 'canary', server: { pages: 2, unrendered: 1 } })]);
  });

  it('ask again for a refused address once its window has ended, as the service said', async () => {
    let clock = Date.now();
    const grant = serviceViewGrants(url, LOCAL_VIEW_TOKEN_SECRET, undefined, () => clock);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await grant('203.0.113.7'));
    expect(answers).toEqual([true, true, true, false]);
    await service.db.query("UPDATE rate_limit_hits SET reset_at = now() - interval '1 second' WHERE key LIKE 'view-grant:%'");
    // Still within what the service said: refused without asking.
    clock += 30_000;
    expect(await grant('203.0.113.7')).toBe(false);
    // Past it: asked again, and granted in the new window.
    clock += 31_000;
    expect(await grant('203.0.113.7')).toBe(true);
  });

  it("gather a second's pages into one report, each deployment's pages counted, at most SERVER_SIGNALS_MAX signals a report", async () => {
    const { rows: before } = await service.db.query<{ n: number }>("SELECT count(*)::int AS n FROM view_token_counts WHERE kind = 'server-signals'");
    const reports = serviceServerSignals(url, LOCAL_VIEW_TOKEN_SECRET, undefined, { reportMs: 100 });
    const of = (version: string, outcome: PageOutcome['outcome']): PageOutcome => ({ remote: 'mfe_auth', version, cohort: 'stable', outcome });
    // 30 pages of one deployment, and 24 deployments' pages (more signals than one report holds), in the same second.
    const told = [
      ...Array.from({ length: 30 }, (_, i) => reports([of('2.0.0-aaaaaaaaaaaa', i < 4 ? 'unrendered' : 'drawn')])),
      ...Array.from({ length: 24 }, (_, i) => reports([of(`2.1.${i}-aaaaaaaaaaaa`, 'drawn')])),
    ];
    await Promise.all(told);
    const { rows: after } = await service.db.query<{ n: number }>("SELECT count(*)::int AS n FROM view_token_counts WHERE kind = 'server-signals'");
    // 26 signals: two reports, not 54.
    expect(after[0]!.n - before[0]!.n).toBe(2);
    const summary = (await (await fetch(`${url}/telemetry/summary?remote=mfe_auth`)).json()) as { deployments: { version: string; server: unknown }[] };
    expect(summary.deployments.find(({ version }) => version === '2.0.0-aaaaaaaaaaaa')?.server).toEqual({ pages: 30, unrendered: 4 });
    expect(summary.deployments.filter(({ version }) => version.startsWith('2.1.')).map(({ server }) => server)).toEqual(Array(24).fill({ pages: 1, unrendered: 0 }));
  });

  it('grant nothing to a server without the secret, nor without a service to ask', async () => {
    expect(await serviceViewGrants(url, 'a-secret-that-is-not-the-services-0123456789')('203.0.113.9')).toBe(false);
    expect(await serviceViewGrants(null, LOCAL_VIEW_TOKEN_SECRET)('203.0.113.9')).toBe(false);
    // A service that does not answer: no token, said once a minute at most (not for every page).
    const said: string[] = [];
    const unreachable = serviceViewGrants('http://127.0.0.1:9', LOCAL_VIEW_TOKEN_SECRET, (message) => said.push(message));
    expect([await unreachable('203.0.113.9'), await unreachable('203.0.113.9')]).toEqual([false, false]);
    expect(said).toEqual([expect.stringMatching(/^no view token: the view grant could not be asked of the user service/)]);
  });
});

describe("the view tokens' secret (VIEW_TOKEN_SECRET)", () => {
  it('is the public local value in local mode, unless one is set', () => {
    expect(viewTokenSecret({ NODE_ENV: 'development' })).toBe(LOCAL_VIEW_TOKEN_SECRET);
    expect(viewTokenSecret({ NODE_ENV: 'test', VIEW_TOKEN_SECRET: 'x'.repeat(40) })).toBe('x'.repeat(40));
  });

  it.each([
    ['unset', { NODE_ENV: 'production' }, /VIEW_TOKEN_SECRET must be set/],
    ['empty', { NODE_ENV: 'production', VIEW_TOKEN_SECRET: '' }, /VIEW_TOKEN_SECRET must be set/],
    ['the public local value', { NODE_ENV: 'production', VIEW_TOKEN_SECRET: LOCAL_VIEW_TOKEN_SECRET }, /public local value/],
    ['short', { NODE_ENV: 'staging', VIEW_TOKEN_SECRET: 'short' }, /at least 32 characters/],
    ['unset, with NODE_ENV unset', {}, /VIEW_TOKEN_SECRET must be set/],
  ])('refuses the start outside local mode when %s', (_what, env, message) => {
    expect(() => viewTokenSecret(env)).toThrow(message);
  });

  it("keeps the site's server from starting outside local mode without it", () => {
    const saved = { ...process.env };
    // Everything else a production start needs (the operator the privacy notice names), so that the token's secret is what is missing.
    Object.assign(process.env, { NODE_ENV: 'production', ...OPERATOR_ENV });
    try {
      expect(app).toThrow(/VIEW_TOKEN_SECRET must be set/);
    } finally {
      for (const name of ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_REGISTRATION', 'OPERATOR_EMAIL']) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
