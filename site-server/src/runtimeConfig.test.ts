import { browserConfig, measuredParts, serverUserServiceUrl, signedInReadsBudgetMs } from './runtimeConfig';

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
