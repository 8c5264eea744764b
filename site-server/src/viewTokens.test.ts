import { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_COOKIE, VIEW_TOKEN_TTL_S } from '@site/service-user/telemetry';
import { verifyViewToken } from '@site/service-user/view-token';
import { cohortBucket, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellApp } from './siteServers';
import { viewTokenSecret } from './viewTokens';
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

const app = () => shellApp({ remotes: () => document, dist, prerender: false, readsServiceUrl: null });
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
    ];
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

  it('comes with a page asked for with GET only: a HEAD or an OPTIONS views nothing', async () => {
    expect(cookieOf(await app().request('/contact'), VIEW_TOKEN_COOKIE)).toBeDefined();
    for (const method of ['HEAD', 'OPTIONS']) {
      const response = await app().request('/contact', { method });
      expect([method, response.status < 300, cookieOf(response, VIEW_TOKEN_COOKIE)]).toEqual([method, true, undefined]);
    }
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
