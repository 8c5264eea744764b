// Runtime configuration of the site, read from the environment when a server starts (and the
// remotes document on every read), never compiled into a build: the same build is promoted
// unchanged from one environment to the next.
import { REMOTE_NAMES, parseRemotesDocument, remoteFolder, type ManifestPolicy, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { DEFAULT_REMOTES_URL, type RuntimeConfig } from '@site/shared-ui/runtime-config';
import { SITE_APPS, type SiteApp } from '@site/shared-ui/site-apps';
import { LOCALES } from '@site/contract/locales';
import { LOCAL_AUTH_EMULATOR_PORT, LOCAL_FIREBASE, LOCAL_USER_SERVICE_PORT } from '@site/contract/local-setup';
import { isLocalBilling, isLocalMode } from '@site/contract/local-mode';
import { SIGNED_IN_READS_BUDGET_MS } from '@site/rendering/server';
import { existsSync, readFileSync } from 'node:fs';
import { operatorConfig } from './operator';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { siteEnv, type Env } from './config';

const repoRoot = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The site's ports, each <NAME>_PORT when set, read once as the module loads. */
function portsOf(env: Env) {
  /** An app's port: <NAME>_PORT (SHELL_PORT, MFE_ACCOUNT_PORT…), else its own (shared-ui/src/remotes/siteApps.ts). */
  const portOf = (app: SiteApp) => Number(env[`${app.name.toUpperCase()}_PORT`] || app.port);
  return {
    ...(Object.fromEntries(SITE_APPS.map((app) => [app.name, portOf(app)])) as Record<RemoteName | 'shell', number>),
    service_user: Number(env.SERVICE_USER_PORT || LOCAL_USER_SERVICE_PORT),
    auth_emulator: Number(env.AUTH_EMULATOR_PORT || LOCAL_AUTH_EMULATOR_PORT),
    // The deployment store served as the CDN stand-in (serve.ts, when the store exists).
    deploy: Number(env.DEPLOY_PORT || 3004),
  } satisfies Record<RemoteName | 'shell' | 'service_user' | 'auth_emulator' | 'deploy', number>;
}

export const ports = portsOf(siteEnv());

export const remoteNames = REMOTE_NAMES;

export { remoteFolder };

/**
 * The deployment store of the release command (release/): each remote's published builds in
 * never-overwritten folders `<remote-folder>/<version>/`, the remotes document in force and its
 * history. A folder on this machine by default; any static host can serve it the same way.
 */
export const deployDir = (env: Env = siteEnv()) => resolve(env.DEPLOY_DIR || join(repoRoot, '.deploy'));

/** The store's remotes document (written by the release command only). */
export const storeDocumentPath = (env: Env = siteEnv()) => join(deployDir(env), 'remotes.json');

/** Where the store is served from: the manifest URLs the release command writes start with it. */
export const deployBaseUrl = (env: Env = siteEnv()) => (env.DEPLOY_BASE_URL || `http://localhost:${ports.deploy}`).replace(/\/+$/, '');

/**
 * Local conveniences (local billing and the rest) exist only when NODE_ENV says development or
 * test, which the start, dev and test commands set: any other value, or none, is production.
 * The rules of local mode the user service applies too, read from the contract (@site/contract/local-mode): the site and the service agree by construction.
 */
export { isLocalBilling, isLocalMode } from '@site/contract/local-mode';

/**
 * Where the user service writes each mail as an .eml file when no SMTP_URL is set (local mode
 * only: outside it the service refuses to start without SMTP_URL). The start command prints it.
 */
export const mailOutboxDir = (env: Env = siteEnv()) => resolve(env.MAIL_OUTBOX_DIR || join(repoRoot, 'service-user', '.data', 'mail-outbox'));

/** A real Firebase project is configuration only; without one, the local Auth emulator. */
export const firebaseProjectId = (env: Env) => env.FIREBASE_PROJECT_ID || LOCAL_FIREBASE.projectId;

const isAbsoluteHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * The site's public origin (PUBLIC_SITE_URL, the user service's own setting; default the local
 * shell's): what the site's server resolves a relative manifest against, in local mode, where the
 * remotes document may hold one. Never a request's Host.
 */
export function siteOrigin(env: Env = siteEnv()): string {
  const url = env.PUBLIC_SITE_URL || `http://localhost:${ports.shell}`;
  if (!isAbsoluteHttpUrl(url)) throw new Error(`PUBLIC_SITE_URL must be an absolute http(s) URL (it is "${url}")`);
  return new URL(url).origin;
}

/**
 * Where the remotes document's manifests may be, outside local mode: absolute URLs on the origins
 * REMOTE_ORIGINS lists (comma-separated), else on the deployment store's (DEPLOY_BASE_URL). A
 * document with a relative manifest, or one on another origin, is refused. In local mode: none
 * (the local ports, a relative path on the site's origin).
 */
export function manifestPolicy(env: Env = siteEnv()): ManifestPolicy | undefined {
  if (isLocalMode(env)) return undefined;
  const listed = env.REMOTE_ORIGINS ? env.REMOTE_ORIGINS.split(',').map((origin) => origin.trim()) : [deployBaseUrl(env)];
  return {
    origins: listed.map((origin) => {
      if (!isAbsoluteHttpUrl(origin)) throw new Error(`REMOTE_ORIGINS must list absolute http(s) origins, separated by commas (it has "${origin}")`);
      return new URL(origin).origin;
    }),
  };
}

/**
 * A secret of this deployment: the public local value in local mode, unless one is set; outside it,
 * unset, shorter than 32 characters or the public local value refuses the start. `sharedWith`: who
 * else must be given the same value.
 */
export function configuredSecret(env: Env, name: string, localValue: string, sharedWith?: string): string {
  const secret = env[name] || undefined;
  if (isLocalMode(env)) return secret ?? localValue;
  const why = `(NODE_ENV is ${env.NODE_ENV === undefined ? 'unset' : `"${env.NODE_ENV}"`}; only development and test run with local defaults)`;
  if (!secret) throw new Error(`${name} must be set${sharedWith ? `, the same as ${sharedWith}` : ''} ${why}`);
  if (secret === localValue) throw new Error(`${name} is the public local value: set a secret of your own ${why}`);
  // Spaces at its ends are no secret: a value blank after trimming is as short as it looks.
  if (secret.trim().length < 32) throw new Error(`${name} must be at least 32 characters, not counting spaces at its ends`);
  return secret;
}

/** The header with which the site's server asks for a server build (render entries are given to no one else). */
export const SERVER_BUILD_KEY_HEADER = 'X-Server-Build-Key';
/** The public local value of SERVER_BUILDS_KEY (local mode only). */
export const LOCAL_SERVER_BUILDS_KEY = 'local-server-builds-key: public, for local mode only';

/**
 * SERVER_BUILDS_KEY: what the site's server sends (SERVER_BUILD_KEY_HEADER) when it fetches a
 * render entry, and what the store and the remotes' servers require before they give one (a CDN in
 * front of the store: a rule that forwards `server/` paths only with that header). Fail closed, as
 * every secret: configuredSecret.
 */
export const serverBuildsKey = (env: Env = siteEnv()) => configuredSecret(env, 'SERVER_BUILDS_KEY', LOCAL_SERVER_BUILDS_KEY, 'the one the store is served with');

/**
 * The last document read from each file, with the text and the policy it was read with. The file is
 * read on every call (a release replaces it, an operator may edit it in place); only a text read
 * before is not parsed and validated again (JSON.parse and every manifest's URL: a tenth of a
 * millisecond, two or three times a page).
 */
const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) frozen(member);
  }
  return value;
};

const documentsRead = new Map<string, { text: string; policy: string; document: RemotesDocument }>();

function documentIn(file: string, text: string, policy: ManifestPolicy | undefined): RemotesDocument {
  const policyKey = JSON.stringify(policy ?? null);
  const known = documentsRead.get(file);
  if (known && known.text === text && known.policy === policyKey) return known.document;
  // Shared by every request from now on: frozen, so that no reader can change it for the next.
  const document = frozen(parseRemotesDocument(JSON.parse(text), policy));
  documentsRead.set(file, { text, policy: policyKey, document });
  return document;
}

/**
 * The remotes document: remote name -> manifest URL (+ optional canary). REMOTES_DOCUMENT names a
 * file, else the deployment store's once a release wrote one (`deployStore: false` skips it), read
 * anew on every call (a release changes it while the servers run); otherwise each remote on its
 * local port. A file that does not validate (manifestPolicy included) is an error the caller reports.
 */
export function remotesDocument(env: Env = siteEnv(), { deployStore = true } = {}): RemotesDocument {
  const file = env.REMOTES_DOCUMENT || (deployStore && existsSync(storeDocumentPath(env)) ? storeDocumentPath(env) : null);
  if (file) return documentIn(file, readFileSync(file, 'utf8'), manifestPolicy(env));
  const host = env.REMOTES_HOST || 'http://localhost';
  // The same document for the same host, as a file's unchanged text gives the same (its readers
  // work out what they derive from it once per document).
  let local = localDocuments.get(host);
  if (!local) {
    local = frozen(Object.fromEntries(REMOTE_NAMES.map((name) => [name, { manifest: `${host}:${ports[name]}/mf-manifest.json` }])) as RemotesDocument);
    localDocuments.set(host, local);
  }
  return local;
}
const localDocuments = new Map<string, RemotesDocument>();

/** What the browser reads as window.__APP_CONFIG__: the shape shared-ui/src/runtimeConfig.ts declares. */
export function browserConfig(env: Env = siteEnv()): RuntimeConfig {
  return {
    remotesUrl: env.REMOTES_URL || DEFAULT_REMOTES_URL,
    userServiceUrl: env.USER_SERVICE_URL || `http://localhost:${ports.service_user}`,
    // Each language's contact details (CONTACT_PHONE_RO, CONTACT_EMAIL_EN…). No phone number unless
    // one is configured: /contact shows only the details that are real.
    contact: Object.fromEntries(
      LOCALES.map((locale) => [locale, { phone: env[`CONTACT_PHONE_${locale.toUpperCase()}`] || '', email: env[`CONTACT_EMAIL_${locale.toUpperCase()}`] || 'contact@vedere.app' }]),
    ) as RuntimeConfig['contact'],
    firebase: {
      apiKey: env.FIREBASE_API_KEY || LOCAL_FIREBASE.apiKey,
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${firebaseProjectId(env)}.firebaseapp.com`,
      projectId: firebaseProjectId(env),
    },
    // Set when the site runs against the Auth emulator (serve.ts sets it by default).
    authEmulatorUrl: env.FIREBASE_AUTH_EMULATOR_URL || null,
    // The Play Store listing; the local default searches the store for the app.
    androidAppUrl: env.ANDROID_APP_URL || 'https://play.google.com/store/search?q=Vedere&c=apps',
    // Stripe is configuration only: without a pricing table the site shows its own plans.
    stripe: {
      pricingTableId: env.STRIPE_PRICING_TABLE_ID || '',
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || '',
      customerPortalUrl: env.STRIPE_CUSTOMER_PORTAL_URL || '',
    },
    // Simulated checkouts (the user service's local billing), by the service's own rule.
    localBilling: isLocalBilling(env),
    // Who runs the service (operator.ts): required outside local mode.
    operator: operatorConfig(env),
    // Only the networks whose address is configured are shown.
    social: Object.fromEntries(
      [
        ['facebook', env.SOCIAL_FACEBOOK_URL],
        ['instagram', env.SOCIAL_INSTAGRAM_URL],
        ['youtube', env.SOCIAL_YOUTUBE_URL],
      ].filter(([, url]) => url),
    ),
  };
}

export type BrowserConfig = RuntimeConfig;

/** Firebase Auth's endpoints outside the emulator: accounts (sign-in, the stored user's lookup) and tokens (their refresh). */
export const FIREBASE_AUTH_ORIGINS = { accounts: 'https://identitytoolkit.googleapis.com', tokens: 'https://securetoken.googleapis.com' } as const;

const absoluteOrigin = (url: string) => (URL.canParse(url) ? new URL(url).origin : null);

/**
 * The other origins a signed-in page calls before it draws, one after the other: the auth SDK's
 * lookup of the stored user (at the emulator locally), then the user service (get-user-info).
 */
export function signedInCallOrigins(config: BrowserConfig): string[] {
  const auth = config.authEmulatorUrl ? absoluteOrigin(config.authEmulatorUrl) : FIREBASE_AUTH_ORIGINS.accounts;
  return [...new Set([auth, absoluteOrigin(config.userServiceUrl)].filter((origin): origin is string => Boolean(origin)))];
}

/**
 * How long a signed-in page drawn by the server waits for the user service's answers
 * (SIGNED_IN_READS_BUDGET_MS, milliseconds; default @site/rendering's SIGNED_IN_READS_BUDGET_MS).
 */
export function signedInReadsBudgetMs(env: Env = siteEnv()): number {
  const value = env.SIGNED_IN_READS_BUDGET_MS;
  if (value === undefined || value === '') return SIGNED_IN_READS_BUDGET_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 10_000) throw new Error(`SIGNED_IN_READS_BUDGET_MS must be a whole number of milliseconds from 1 to 10000 (it is "${value}")`);
  return ms;
}

/**
 * The parts of a page's delivery that a measurement may turn off, to see what each brings (the
 * benchmark compares runs with and without): PRERENDER=off serves every page as the empty
 * index.html, drawn by the browser; PRELOAD_HINTS=off serves the pages without preload hints.
 * Anything else, unset included, keeps both: the site as deployed.
 */
export const measuredParts = (env: Env = siteEnv()) => ({ prerender: env.PRERENDER !== 'off', preloadHints: env.PRELOAD_HINTS !== 'off' });

/**
 * Where the site's server reaches the user service for the signed-in pages it draws:
 * USER_SERVICE_INTERNAL_URL (an absolute http(s) URL, or the start is refused: a typo there must
 * not go unseen), else where the browser does (USER_SERVICE_URL) when that is absolute; null when
 * it is not (a path on the site's own origin): signed-in pages are then drawn by the browser.
 */
export function serverUserServiceUrl(env: Env = siteEnv(), config: BrowserConfig = browserConfig(env)): string | null {
  const internal = env.USER_SERVICE_INTERNAL_URL;
  if (internal) {
    if (!isAbsoluteHttpUrl(internal)) throw new Error(`USER_SERVICE_INTERNAL_URL must be an absolute http(s) URL (it is "${internal}")`);
    return internal;
  }
  return isAbsoluteHttpUrl(config.userServiceUrl) ? config.userServiceUrl : null;
}

/** @param overrides values that win over the environment's (a test's own service) */
export function configScript(env: Env = siteEnv(), overrides: Partial<BrowserConfig> = {}): string {
  return `window.__APP_CONFIG__ = ${JSON.stringify({ ...browserConfig(env), ...overrides })};\n`;
}

interface DevServer {
  app?: { get(path: string, handler: (req: unknown, res: { type(t: string): { send(body: string): void }; json(body: unknown): void }) => void): void };
}

/** webpack-dev-server middleware serving the same documents as the production server. */
export function devDocuments(devServer: DevServer, { withRemotes = false } = {}) {
  devServer.app?.get('/config.js', (_req, res) => res.type('text/javascript').send(configScript()));
  // The dev servers are the remotes here: the store's document would point at builds nobody serves.
  if (withRemotes) devServer.app?.get(DEFAULT_REMOTES_URL, (_req, res) => res.json(remotesDocument(siteEnv(), { deployStore: false })));
}
