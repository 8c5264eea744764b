import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserConfig, measuredParts, remotesDocument, serverUserServiceUrl, signedInReadsBudgetMs } from './runtimeConfig';

import { OPERATOR_ENV as OPERATOR } from './testing/operatorEnv';

describe('the browser configuration', () => {
  it.each([
    ['development', true],
    ['test', true],
    ['production', false],
    ['staging', false],
    ['Production', false],
    [undefined, false],
  ])("offers local billing with NODE_ENV=%s: %s (the user service's own rule)", (nodeEnv, expected) => {
    expect(browserConfig({ NODE_ENV: nodeEnv, ...OPERATOR }).localBilling).toBe(expected);
  });

  it('has no contact phone unless one is configured (no placeholder number is shown), per language', () => {
    expect(browserConfig(OPERATOR).contact).toEqual({ ro: { phone: '', email: 'contact@vedere.app' }, en: { phone: '', email: 'contact@vedere.app' } });
    expect(browserConfig({ ...OPERATOR, CONTACT_PHONE_RO: '021 555 0199', CONTACT_PHONE_EN: '+40 21 555 0199' }).contact).toMatchObject({
      ro: { phone: '021 555 0199' },
      en: { phone: '+40 21 555 0199' },
    });
  });

  it('never offers local billing with a Stripe key, even locally', () => {
    expect(browserConfig({ NODE_ENV: 'development', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).localBilling).toBe(false);
    expect(browserConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_x' }).localBilling).toBe(false);
  });
});

describe("where the site's server reaches the user service for signed-in pages", () => {
  it("is USER_SERVICE_INTERNAL_URL, else the browser's when absolute; none for a path on the site", () => {
    expect(serverUserServiceUrl({ ...OPERATOR, USER_SERVICE_INTERNAL_URL: 'http://service.internal:8787', USER_SERVICE_URL: '/api' })).toBe('http://service.internal:8787');
    expect(serverUserServiceUrl({ ...OPERATOR, USER_SERVICE_URL: 'https://api.vedere.example' })).toBe('https://api.vedere.example');
    expect(serverUserServiceUrl({ ...OPERATOR, USER_SERVICE_URL: '/api' })).toBeNull();
  });

  it('refuses an internal URL that is not an absolute http(s) URL (a typo fails the start)', () => {
    for (const url of ['service:8787', '/api', 'ftp://service'])
      expect(() => serverUserServiceUrl({ ...OPERATOR, USER_SERVICE_INTERNAL_URL: url })).toThrow(/USER_SERVICE_INTERNAL_URL must be an absolute http\(s\) URL/);
  });
});

describe("how long a signed-in page's reads may take on the server", () => {
  it('is SIGNED_IN_READS_BUDGET_MS, 300 ms unless set', () => {
    expect(signedInReadsBudgetMs({})).toBe(300);
    expect(signedInReadsBudgetMs({ SIGNED_IN_READS_BUDGET_MS: '1500' })).toBe(1500);
  });

  it('refuses what is not a whole number of milliseconds from 1 to 10000', () => {
    for (const value of ['0', '-5', '1.5', 'soon', '10001']) expect(() => signedInReadsBudgetMs({ SIGNED_IN_READS_BUDGET_MS: value })).toThrow(/SIGNED_IN_READS_BUDGET_MS/);
  });
});

describe('the parts of page delivery a measurement may turn off', () => {
  it('keeps the pages drawn by the server and their preload hints unless PRERENDER or PRELOAD_HINTS says off', () => {
    expect(measuredParts({})).toEqual({ prerender: true, preloadHints: true });
    expect(measuredParts({ PRERENDER: 'off' })).toEqual({ prerender: false, preloadHints: true });
    expect(measuredParts({ PRELOAD_HINTS: 'off' })).toEqual({ prerender: true, preloadHints: false });
    // Only "off" turns a part off: a typo keeps the site as deployed.
    expect(measuredParts({ PRERENDER: 'false', PRELOAD_HINTS: '0' })).toEqual({ prerender: true, preloadHints: true });
  });
});

describe('the remotes document read from a file', () => {
  const documentFor = (version: string) =>
    JSON.stringify({
      mfe_marketing: { manifest: `http://localhost:3004/mfe-marketing/${version}/mf-manifest.json` },
      mfe_auth: { manifest: `http://localhost:3004/mfe-auth/${version}/mf-manifest.json` },
      mfe_account: { manifest: `http://localhost:3004/mfe-account/${version}/mf-manifest.json` },
    });
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'remotes-document-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is read on every call: a change made in place, of the same size, is in force at the next read', () => {
    const file = join(folder, 'remotes.json');
    const env = { NODE_ENV: 'development', REMOTES_DOCUMENT: file };
    writeFileSync(file, documentFor('1.0.0'));
    expect(remotesDocument(env).mfe_auth.manifest).toBe('http://localhost:3004/mfe-auth/1.0.0/mf-manifest.json');
    writeFileSync(file, documentFor('1.0.1'));
    expect(remotesDocument(env).mfe_auth.manifest).toBe('http://localhost:3004/mfe-auth/1.0.1/mf-manifest.json');
    writeFileSync(file, '{ "mfe_auth": ');
    expect(() => remotesDocument(env)).toThrow(SyntaxError);
  });

  it('is parsed and validated once while its text is unchanged, and what every reader shares cannot be changed by one', () => {
    const file = join(folder, 'remotes.json');
    const env = { NODE_ENV: 'development', REMOTES_DOCUMENT: file };
    writeFileSync(file, documentFor('2.0.0'));
    const first = remotesDocument(env);
    expect(remotesDocument(env)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.mfe_account)).toBe(true);
    expect(() => {
      (first.mfe_account as { manifest: string }).manifest = 'https://elsewhere.example/mf-manifest.json';
    }).toThrow(TypeError);
    // Another policy (outside local mode, the manifests' origins) validates the same text anew.
    expect(() => remotesDocument({ REMOTES_DOCUMENT: file, REMOTE_ORIGINS: 'https://cdn.example', NODE_ENV: 'production' })).toThrow(/cdn\.example|origin/);
  });
});
