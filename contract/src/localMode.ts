// Local mode and local billing: the rules the user service and the site's server (its browser
// configuration, site-server/src/runtimeConfig.ts) both apply to the same environment, written
// once. Nothing here may import anything: the site's server reads this file too.
type Env = Record<string, string | undefined>;

/** The only NODE_ENV values that turn on local conveniences; anything else (unset included) fails closed. */
export const LOCAL_NODE_ENVS = ['development', 'test'] as const;

export const isLocalMode = (env: Env): boolean => (LOCAL_NODE_ENVS as readonly (string | undefined)[]).includes(env.NODE_ENV);

/**
 * The Stripe webhook secret of local mode (local billing signs its events with it, the e2e tests
 * too); the service refuses it outside local mode (environment.ts). Here, not in the local set-up
 * the browser's configuration reads: no browser build or its source map carries it.
 */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_development_only';

/**
 * Checkouts simulated on the site's own plan cards, and the local portal: only in local mode, and
 * never once a Stripe key is configured (either key: the site then shows Stripe's pricing table).
 */
export const isLocalBilling = (env: Env): boolean => isLocalMode(env) && !env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY;
