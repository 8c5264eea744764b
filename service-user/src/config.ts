import { z } from 'zod';

/** The service's configuration, from the environment; refused at start when unsafe. */
const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data/service-user'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-assistive-site'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  GOOGLE_JWKS_URL: z
    .string()
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default('whsec_local_development_only'),
  /** JSON object: Stripe product id -> plan name shown to the user. */
  STRIPE_PRODUCT_NAMES: z.string().default('{}'),
  CORS_ORIGINS: z.string().default('http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(16 * 1024),
  WEBHOOK_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(512 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PUBLIC_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  firebaseProjectId: string;
  /** Set only when the Firebase Auth emulator issues the tokens (never in production). */
  authEmulatorHost?: string;
  googleJwksUrl: string;
  stripeSecretKey?: string;
  stripeWebhookSecret: string;
  productNames: Record<string, string>;
  corsOrigins: string[];
  bodyLimitBytes: number;
  webhookBodyLimitBytes: number;
  requestTimeoutMs: number;
  publicRateLimit: { limit: number; windowMs: number };
  trustProxy: boolean;
  /** Simulated checkouts through the real webhook path: only without Stripe keys, never in production. */
  localBilling: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`invalid configuration: ${parsed.error.message}`);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST is set: the service refuses to accept unsigned emulator tokens in production');
  }
  if (production && e.STRIPE_WEBHOOK_SECRET === 'whsec_local_development_only') {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be set in production');
  }
  let productNames: Record<string, string>;
  try {
    productNames = z.record(z.string(), z.string()).parse(JSON.parse(e.STRIPE_PRODUCT_NAMES));
  } catch {
    throw new ConfigError('STRIPE_PRODUCT_NAMES must be a JSON object of product id -> name');
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    productNames,
    corsOrigins: e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webhookBodyLimitBytes: e.WEBHOOK_BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    publicRateLimit: { limit: e.PUBLIC_RATE_LIMIT, windowMs: e.PUBLIC_RATE_WINDOW_MS },
    trustProxy: e.TRUST_PROXY === 'true',
    localBilling: !production && !e.STRIPE_SECRET_KEY,
  };
}
