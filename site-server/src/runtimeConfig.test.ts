import { browserConfig } from './runtimeConfig';

describe('the browser configuration', () => {
  it.each([
    ['development', true],
    ['test', true],
    ['production', false],
    ['staging', false],
    ['Production', false],
    [undefined, false],
  ])("offers local billing with NODE_ENV=%s: %s (the user service's own rule)", (nodeEnv, expected) => {
    expect(browserConfig({ NODE_ENV: nodeEnv }).localBilling).toBe(expected);
  });

  it('never offers local billing with a Stripe key, even locally', () => {
    expect(browserConfig({ NODE_ENV: 'development', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).localBilling).toBe(false);
    expect(browserConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_x' }).localBilling).toBe(false);
  });
});
