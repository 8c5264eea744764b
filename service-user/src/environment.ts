import { resolve } from 'node:path';
import { z } from 'zod';
import { DATABASE_TIMEOUT_DEFAULTS } from './db/database';
import { LOG_LEVELS, type LogLevel } from './http/logging';

import { LOCAL_FIREBASE, LOCAL_SITE_URL, LOCAL_USER_SERVICE_PORT } from '@site/contract/local-setup';
import { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_TTL_S } from '@site/contract/telemetry';
import { VIEW_GRANT_WINDOW_MS } from '@site/contract/view-token';
import { isLocalBilling, isLocalMode, LOCAL_STRIPE_WEBHOOK_SECRET } from '@site/contract/local-mode';

/** Google's Identity Toolkit (IDENTITY_TOOLKIT_URL may name another address: a proxy, or a test's stand-in). */
export const IDENTITY_TOOLKIT_URL = 'https://identitytoolkit.googleapis.com';

export { LOCAL_NODE_ENVS } from '@site/contract/local-mode';
/**
 * Local mode's CORS default, in place of a list: a page this machine serves (localhost or
 * 127.0.0.1, on any port: the shell, each remote's own server, the bench's single bundle), so the
 * service keeps no list of the front ends. Outside local mode CORS_ORIGINS must be set.
 */
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;
const LOCAL_MAIL_TOKEN_SECRET = 'local-development-only-newsletter-link-secret';
const LOCAL_ADDRESS_HASH_SECRET = 'local-development-only-address-hash-secret';
const LOCAL_MAIL = { from: 'Vedere <no-reply@localhost>', contactInbox: 'contact@localhost', publicSiteUrl: LOCAL_SITE_URL };

/** Unset and empty are the same: a variable emptied by a deployment tool is not a value. */
const optional = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** How many proxies stand in front of the service; 'false'/'true' are the older spellings of 0/1. */
const trustedProxies = z
  .string()
  .default('0')
  .transform((value) => (value === 'false' ? 0 : value === 'true' ? 1 : Number(value)))
  .pipe(z.number().int().min(0).max(10));

/** The service's configuration, from the environment; refused at start when unsafe. */
const schema = z.object({
  NODE_ENV: optional,
  PORT: z.coerce.number().int().min(1).max(65535).default(LOCAL_USER_SERVICE_PORT),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data/service-user'),
  FIREBASE_PROJECT_ID: z.string().min(1).default(LOCAL_FIREBASE.projectId),
  FIREBASE_AUTH_EMULATOR_HOST: optional,
  /** The project's Web API key (public): deleting an account asks Firebase's Identity Toolkit with it. */
  FIREBASE_API_KEY: optional,
  /** Where Identity Toolkit's accounts:delete is asked (Google's, unless a proxy stands in front of it). */
  IDENTITY_TOOLKIT_URL: z.string().url().default(IDENTITY_TOOLKIT_URL),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: optional,
  /** JSON object: Stripe product id -> plan name shown to the user. */
  STRIPE_PRODUCT_NAMES: z.string().default('{}'),
  CORS_ORIGINS: optional,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024),
  WEBHOOK_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs),
  DB_START_ATTEMPTS: z.coerce.number().int().positive().default(10),
  READY_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PUBLIC_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: trustedProxies,
  /** pino level; unset: info, and silent under NODE_ENV=test (the tests read their own log stream). */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  /** Outside local mode GET /metrics answers only to `Authorization: Bearer <METRICS_TOKEN>` (404 when unset). */
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  /** Outside local mode GET /telemetry/summary answers only to `Authorization: Bearer <OPS_TOKEN>` (404 when unset). */
  OPS_TOKEN: optional.pipe(z.string().min(16, 'OPS_TOKEN must be at least 16 characters').optional()),
  /** Beacons per client and PUBLIC_RATE_WINDOW_MS: a visitor sends one every few seconds while pages change. */
  TELEMETRY_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** Events counted per client address and health window: the most one address can move the figures by. */
  TELEMETRY_COUNTS_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  /** View tokens the site's servers may give one client address per minute (a page load each): a few, so that dropping the cookies to draw again is bounded. */
  VIEW_TOKENS_PER_ADDRESS: z.coerce.number().int().positive().default(6),
  /** Checks the view tokens the site's server signs (HS256): the same value as the site's server's. */
  VIEW_TOKEN_SECRET: optional.pipe(z.string().min(32, 'VIEW_TOKEN_SECRET must be at least 32 characters').optional()),
  /**
   * Keys the hashes under which the rate limiter and the telemetry cap count client addresses
   * (HMAC-SHA256, with a key derived from it per day): a copy of the table names no address.
   */
  ADDRESS_HASH_SECRET: optional.pipe(z.string().min(32, 'ADDRESS_HASH_SECRET must be at least 32 characters').optional()),
  /** smtp(s)://user:pass@host:port: every mail goes through it. Unset in local mode: the outbox folder. */
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  /** Local mode without SMTP_URL: each mail is written here as one .eml file. */
  MAIL_OUTBOX_DIR: z.string().default('.data/mail-outbox'),
  MAIL_FROM: optional,
  /** The team's address: every contact message is forwarded to it. */
  CONTACT_INBOX: optional.pipe(z.email('CONTACT_INBOX must be an email address').optional()),
  /** The site's address as visitors reach it: the links in mails start with it. */
  PUBLIC_SITE_URL: optional.pipe(z.url('PUBLIC_SITE_URL must be a URL').optional()),
  /** Signs the newsletter's confirmation and unsubscribe links (HS256). */
  MAIL_TOKEN_SECRET: optional.pipe(z.string().min(32, 'MAIL_TOKEN_SECRET must be at least 32 characters').optional()),
});

export interface Config {
  /** Local mode (NODE_ENV development or test): emulator tokens, local secrets and billing may be on. */
  local: boolean;
  /** Not local mode: NODE_ENV is anything but development or test (unset included). */
  production: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  firebaseProjectId: string;
  /** Set only when the Firebase Auth emulator issues the tokens (never in production). */
  authEmulatorHost?: string;
  googleJwksUrl: string;
  identityToolkitUrl: string;
  /** Identity Toolkit's key; unset outside local mode, accounts cannot be deleted (nothing is). */
  firebaseApiKey?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret: string;
  productNames: Record<string, string>;
  /** The site's origins (CORS_ORIGINS), or in local mode without it any page of this machine. */
  corsOrigins: string[] | 'loopback';
  bodyLimitBytes: number;
  webhookBodyLimitBytes: number;
  requestTimeoutMs: number;
  /** Bounded waits on the database; the start retries opening it this many times, with backoff. */
  database: { connectTimeoutMs: number; statementTimeoutMs: number; startAttempts: number };
  /** /readyz answers 503 when the database has not answered within this. */
  readyTimeoutMs: number;
  /** After SIGTERM, connections still open after this long are closed. */
  shutdownTimeoutMs: number;
  publicRateLimit: { limit: number; windowMs: number };
  /** How many proxies in front of the service append to X-Forwarded-For (0: read the socket). */
  trustProxy: number;
  logLevel: LogLevel;
  metricsToken?: string;
  opsToken?: string;
  /** POST /telemetry's own limit per client (its counters apart from /contact's and /newsletter's). */
  telemetryRateLimit: { limit: number; windowMs: number };
  /** How many events one client address can have counted per window, whatever tokens it holds. */
  telemetryCountsPerAddress: { limit: number; windowMs: number };
  viewTokensPerAddress: { limit: number; windowMs: number };
  /** Keys the client addresses' hashes (ADDRESS_HASH_SECRET; the public local value in local mode only). */
  addressHashSecret: string;
  /** The view tokens' secret (VIEW_TOKEN_SECRET; the public local value in local mode only). */
  viewTokenSecret: string;
  /** Simulated checkouts through the real webhook path: in local mode only, and only without a Stripe key. */
  localBilling: boolean;
  mail: MailConfig;
}

export interface MailConfig {
  /** SMTP when SMTP_URL is set; the local outbox folder only in local mode without it. */
  transport: { kind: 'smtp'; url: string } | { kind: 'outbox'; dir: string };
  from: string;
  contactInbox: string;
  /** Without a trailing slash. */
  publicSiteUrl: string;
  tokenSecret: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const local = isLocalMode(env);
  if (!local) {
    // Each local convenience has a variable that a real deployment must set, or must not set.
    const mode = e.NODE_ENV === undefined ? 'NODE_ENV is unset' : `NODE_ENV is "${e.NODE_ENV}"`;
    const why = `(${mode}; only development and test run with local defaults)`;
    if (e.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new ConfigError(`FIREBASE_AUTH_EMULATOR_HOST is set: unsigned emulator tokens are refused outside local mode ${why}`);
    }
    const missing = [
      ...(e.STRIPE_WEBHOOK_SECRET ? [] : ['STRIPE_WEBHOOK_SECRET']),
      ...(e.CORS_ORIGINS ? [] : ['CORS_ORIGINS']),
      // Mail is never silently written to a folder in production: each of these must be real.
      ...(e.SMTP_URL ? [] : ['SMTP_URL']),
      ...(e.MAIL_FROM ? [] : ['MAIL_FROM']),
      ...(e.CONTACT_INBOX ? [] : ['CONTACT_INBOX']),
      ...(e.PUBLIC_SITE_URL ? [] : ['PUBLIC_SITE_URL']),
      ...(e.MAIL_TOKEN_SECRET ? [] : ['MAIL_TOKEN_SECRET']),
      ...(e.VIEW_TOKEN_SECRET ? [] : ['VIEW_TOKEN_SECRET']),
      ...(e.ADDRESS_HASH_SECRET ? [] : ['ADDRESS_HASH_SECRET']),
    ];
    if (missing.length > 0) {
      const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
      throw new ConfigError(`${names} must be set ${why}`);
    }
    if (e.STRIPE_WEBHOOK_SECRET === LOCAL_STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError(`STRIPE_WEBHOOK_SECRET is the public local value: set the endpoint's own secret ${why}`);
    }
    if (e.MAIL_TOKEN_SECRET === LOCAL_MAIL_TOKEN_SECRET) {
      throw new ConfigError(`MAIL_TOKEN_SECRET is the public local value: set a secret of your own ${why}`);
    }
    if (e.ADDRESS_HASH_SECRET === LOCAL_ADDRESS_HASH_SECRET) {
      throw new ConfigError(`ADDRESS_HASH_SECRET is the public local value: set a secret of your own ${why}`);
    }
    if (e.VIEW_TOKEN_SECRET === LOCAL_VIEW_TOKEN_SECRET) {
      throw new ConfigError(`VIEW_TOKEN_SECRET is the public local value: set a secret of your own ${why}`);
    }
  }
  let productNames: Record<string, string>;
  try {
    productNames = z.record(z.string(), z.string()).parse(JSON.parse(e.STRIPE_PRODUCT_NAMES));
  } catch {
    throw new ConfigError('STRIPE_PRODUCT_NAMES must be a JSON object of product id -> name');
  }
  return {
    local,
    production: !local,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    identityToolkitUrl: e.IDENTITY_TOOLKIT_URL,
    firebaseApiKey: e.FIREBASE_API_KEY ?? (local ? LOCAL_FIREBASE.apiKey : undefined),
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? LOCAL_STRIPE_WEBHOOK_SECRET,
    productNames,
    corsOrigins:
      e.CORS_ORIGINS === undefined
        ? 'loopback'
        : e.CORS_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webhookBodyLimitBytes: e.WEBHOOK_BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    database: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS, startAttempts: e.DB_START_ATTEMPTS },
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicRateLimit: { limit: e.PUBLIC_RATE_LIMIT, windowMs: e.PUBLIC_RATE_WINDOW_MS },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    opsToken: e.OPS_TOKEN,
    telemetryRateLimit: { limit: e.TELEMETRY_RATE_LIMIT, windowMs: e.PUBLIC_RATE_WINDOW_MS },
    telemetryCountsPerAddress: { limit: e.TELEMETRY_COUNTS_PER_ADDRESS, windowMs: VIEW_TOKEN_TTL_S * 1000 },
    viewTokensPerAddress: { limit: e.VIEW_TOKENS_PER_ADDRESS, windowMs: VIEW_GRANT_WINDOW_MS },
    viewTokenSecret: e.VIEW_TOKEN_SECRET ?? LOCAL_VIEW_TOKEN_SECRET,
    addressHashSecret: e.ADDRESS_HASH_SECRET ?? LOCAL_ADDRESS_HASH_SECRET,
    localBilling: isLocalBilling(env),
    mail: {
      transport: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL } : { kind: 'outbox', dir: resolve(e.MAIL_OUTBOX_DIR) },
      from: e.MAIL_FROM ?? LOCAL_MAIL.from,
      contactInbox: e.CONTACT_INBOX ?? LOCAL_MAIL.contactInbox,
      publicSiteUrl: (e.PUBLIC_SITE_URL ?? LOCAL_MAIL.publicSiteUrl).replace(/\/+$/, ''),
      tokenSecret: e.MAIL_TOKEN_SECRET ?? LOCAL_MAIL_TOKEN_SECRET,
    },
  };
}

/** Whether a page of this origin is the site's (CORS, and where a Stripe session may send the user back). */
export const isSiteOrigin = (origins: Config['corsOrigins'], origin: string): boolean => (origins === 'loopback' ? LOOPBACK_ORIGIN.test(origin) : origins.includes(origin));
