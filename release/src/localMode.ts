// The release command's local mode, by the rule the site's servers follow. The servers are in local
// mode when NODE_ENV is development or test (isLocalMode, @site/contract/local-mode), and the
// start command of a checkout, `npm start` (site-server/src/serve.ts), sets NODE_ENV=development
// when it is unset: the local site, with its public local secrets (PREVIEW_SECRET's among them).
// The release command run beside it does the same, so that `pnpm release preview …` signs a pin the
// running site honours, with nothing set by hand, but only while everything it talks to is this
// checkout's own: the folder store (RELEASE_STORE unset or `folder`, no RELEASE_DATABASE_* or
// RELEASE_S3_* setting) served from this machine (DEPLOY_BASE_URL), previews pointing at this
// machine (PUBLIC_SITE_URL) and the health summary read from it (USER_SERVICE_URL). A NODE_ENV
// that is set is kept as it is (production: no local defaults, previews off without a
// PREVIEW_SECRET of its own); a store or an address elsewhere is a deployment, never local mode,
// whatever the variables' names were meant to be (a typo in NODE_ENV's name cannot reach a default
// secret there).
type Env = Record<string, string | undefined>;

/** The addresses the command uses; unset, each is this machine's (the checkout's defaults). */
const ADDRESSES = ['DEPLOY_BASE_URL', 'PUBLIC_SITE_URL', 'USER_SERVICE_URL'] as const;

const onThisMachine = (url: string) => {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
};

/**
 * Why NODE_ENV, unset, does not default to development here: the deployment the environment names
 * (null: none, this checkout's own site).
 */
export function deploymentConfigured(env: Env): string | null {
  if (env.RELEASE_STORE && env.RELEASE_STORE !== 'folder') return `RELEASE_STORE is "${env.RELEASE_STORE}"`;
  const storeSetting = Object.keys(env).find((name) => /^RELEASE_(DATABASE|S3)_/.test(name) && env[name]);
  if (storeSetting) return `${storeSetting} is set`;
  const away = ADDRESSES.find((name) => env[name] && !onThisMachine(env[name]!));
  if (away) return `${away} is not on this machine`;
  return null;
}

/**
 * The environment the release command runs with: NODE_ENV=development when it is unset (or empty)
 * and no deployment is configured, as `npm start` sets it for the site beside it; otherwise the
 * environment as it is. A copy: the process's own is not changed.
 */
export function releaseEnv(env: Env): Env {
  if (env.NODE_ENV || deploymentConfigured(env) !== null) return env;
  return { ...env, NODE_ENV: 'development' };
}
