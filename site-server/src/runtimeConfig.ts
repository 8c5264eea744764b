// Runtime configuration of the site, read from the environment when a server starts (and the
// remotes document on every read), never compiled into a build: the same build is promoted
// unchanged from one environment to the next.
import { REMOTE_NAMES, parseRemotesDocument, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { readFileSync } from 'node:fs';

type Env = Record<string, string | undefined>;

export const ports = {
  shell: Number(process.env.SHELL_PORT || 3000),
  mfe_marketing: Number(process.env.MFE_MARKETING_PORT || 3001),
  mfe_auth: Number(process.env.MFE_AUTH_PORT || 3002),
  mfe_account: Number(process.env.MFE_ACCOUNT_PORT || 3003),
  service_user: Number(process.env.SERVICE_USER_PORT || 8787),
  auth_emulator: Number(process.env.AUTH_EMULATOR_PORT || 9099),
} satisfies Record<RemoteName | 'shell' | 'service_user' | 'auth_emulator', number>;

export const remoteNames = REMOTE_NAMES;

/** A real Firebase project is configuration only; without one, the local Auth emulator. */
export const firebaseProjectId = (env: Env) => env.FIREBASE_PROJECT_ID || 'demo-assistive-site';

/**
 * The remotes document: remote name -> manifest URL (+ optional canary). REMOTES_DOCUMENT names a
 * file, read anew on every call (a release changes it while the servers run); otherwise each
 * remote on its local port. A file that does not validate is an error the caller reports.
 */
export function remotesDocument(env: Env = process.env): RemotesDocument {
  if (env.REMOTES_DOCUMENT) return parseRemotesDocument(JSON.parse(readFileSync(env.REMOTES_DOCUMENT, 'utf8')));
  const host = env.REMOTES_HOST || 'http://localhost';
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, { manifest: `${host}:${ports[name]}/mf-manifest.json` }])) as RemotesDocument;
}

/** What the browser reads as window.__APP_CONFIG__ (see shared-ui/src/config.ts). */
export function browserConfig(env: Env = process.env) {
  return {
    remotesUrl: env.REMOTES_URL || '/remotes.json',
    userServiceUrl: env.USER_SERVICE_URL || `http://localhost:${ports.service_user}`,
    contact: {
      ro: { phone: env.CONTACT_PHONE_RO || '021 000 0000', email: env.CONTACT_EMAIL_RO || 'contact@vedere.app' },
      en: { phone: env.CONTACT_PHONE_EN || '+40 21 000 0000', email: env.CONTACT_EMAIL_EN || 'contact@vedere.app' },
    },
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
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
    // Simulated checkouts (the user service's local billing): never with real keys or in production.
    localBilling: !env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_SECRET_KEY && env.NODE_ENV !== 'production',
    // Only the networks whose address is configured are shown.
    social: Object.fromEntries(
      [['facebook', env.SOCIAL_FACEBOOK_URL], ['instagram', env.SOCIAL_INSTAGRAM_URL], ['youtube', env.SOCIAL_YOUTUBE_URL]]
        .filter(([, url]) => url),
    ),
  };
}

export type BrowserConfig = ReturnType<typeof browserConfig>;

/** @param overrides values that win over the environment's (a test's own service) */
export function configScript(env: Env = process.env, overrides: Partial<BrowserConfig> = {}): string {
  return `window.__APP_CONFIG__ = ${JSON.stringify({ ...browserConfig(env), ...overrides })};\n`;
}

interface DevServer {
  app?: { get(path: string, handler: (req: unknown, res: { type(t: string): { send(body: string): void }; json(body: unknown): void }) => void): void };
}

/** webpack-dev-server middleware serving the same documents as the production server. */
export function devDocuments(devServer: DevServer, { withRemotes = false } = {}) {
  devServer.app?.get('/config.js', (_req, res) => res.type('text/javascript').send(configScript()));
  if (withRemotes) devServer.app?.get('/remotes.json', (_req, res) => res.json(remotesDocument()));
}
