import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import Stripe from 'stripe';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_SITE_URL } from '@site/contract/local-setup';
import { LOCAL_NODE_ENVS, loadConfig, type Config } from '../environment';
import { openPglite, openPostgres, type Database } from '../db/database';
import { temporarySchema } from './temporarySchema';
import { createTokenVerifier } from '../identity/verifyIdToken';
import { createService } from '../service';

export const PROJECT_ID = 'demo-test-project';
export const WEBHOOK_SECRET = 'whsec_test_secret';
export const ISSUER = `https://securetoken.google.com/${PROJECT_ID}`;

/**
 * The database backends the service's tests run against: PGlite always, a server when configured.
 * A test counts as run on a backend (the tally each run prints: jest.backendReporter.cjs) when a
 * describe block around it ends with 'on pglite' or 'on postgres', as describe.each(backends)('… on %s')
 * names them; a describe of tests only a server can run ends with ', on postgres'.
 */
export const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A new schema on the PostgreSQL server (DATABASE_URL): the URL of a connection to it, and its removal. */
const freshSchema = () => temporarySchema(process.env.DATABASE_URL as string);

/** A fresh database: in-memory PGlite, or a new schema on the PostgreSQL server (its pool `maxConnections` large). */
export async function freshDatabase(kind: 'pglite' | 'postgres', { maxConnections }: { maxConnections?: number } = {}): Promise<Database> {
  if (kind === 'pglite') return openPglite();
  const schema = await freshSchema();
  const db = await openPostgres(schema.url, { maxConnections });
  return {
    ...db,
    close: async () => {
      await db.close();
      await schema.drop();
    },
  };
}

/** One fresh schema on the PostgreSQL server reached through `count` pools of their own, as replicas of the service share a database. */
export async function sharedPostgresDatabases(count: number): Promise<{ databases: Database[]; close: () => Promise<void> }> {
  const schema = await freshSchema();
  const databases = await Promise.all(Array.from({ length: count }, () => openPostgres(schema.url)));
  return {
    databases,
    close: async () => {
      await Promise.all(databases.map((db) => db.close()));
      await schema.drop();
    },
  };
}

/** What a deployment sets for mail (outside local mode each is required); nothing listens on that port. */
/** What a deployment sets besides Stripe and CORS: its mail, and the view tokens' secret. */
export const DEPLOYED_ENV = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Vedere <no-reply@site.example>',
  CONTACT_INBOX: 'team@site.example',
  PUBLIC_SITE_URL: 'https://site.example',
  MAIL_TOKEN_SECRET: 'a-deployment-secret-of-at-least-32-characters',
  VIEW_TOKEN_SECRET: 'a-view-token-secret-of-at-least-32-characters',
  ADDRESS_HASH_SECRET: 'an-address-hash-secret-of-at-least-32-characters',
};

/** A folder of this test file's own for the mail the service writes (local mode's outbox). */
export const testOutboxDir = () => mkdtempSync(join(tmpdir(), 'service-user-outbox-'));
let sharedOutbox: string | null = null;

export function testConfig(env: Record<string, string> = {}): Config {
  const local = (LOCAL_NODE_ENVS as readonly string[]).includes(env.NODE_ENV ?? 'test');
  return loadConfig({
    ...(local ? { MAIL_OUTBOX_DIR: (sharedOutbox ??= testOutboxDir()) } : DEPLOYED_ENV),
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRODUCT_NAMES: JSON.stringify({ prod_full: 'Full plan' }),
    CORS_ORIGINS: LOCAL_SITE_URL,
    PUBLIC_RATE_LIMIT: '1000',
    // Quiet whatever NODE_ENV a test sets; a test that reads the log sets its own level.
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** Signs Firebase-shaped ID tokens with a key only the test knows (production-mode verification). */
export async function tokenFactory() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const keys = createLocalJWKSet({ keys: [jwk] });
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (uid: string, email: string | null, extra: JWTPayload = {}): JWTPayload => ({
    iss: ISSUER,
    aud: PROJECT_ID,
    sub: uid,
    auth_time: now() - 60,
    iat: now() - 60,
    // Firebase ID tokens live exactly one hour.
    exp: now() - 60 + 3600,
    ...(email ? { email } : {}),
    ...extra,
  });
  return {
    keys,
    claims,
    sign: (uid: string, email: string | null = `${uid}@example.com`, extra: JWTPayload = {}, key = privateKey) =>
      new SignJWT(claims(uid, email, extra)).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(key),
    unsigned: (uid: string, email: string | null = `${uid}@example.com`, extra: JWTPayload = {}) => new UnsecuredJWT(claims(uid, email, extra)).encode(),
    otherKey: async () => (await generateKeyPair('RS256')).privateKey,
    /** The public half of the signing key (a key set the test serves). */
    publicKey: async () => publicKey,
  };
}

export type Tokens = Awaited<ReturnType<typeof tokenFactory>>;

/** A service on a fresh database, verifying tokens as production does (RS256). */
export async function startService(kind: 'pglite' | 'postgres', tokens: Tokens, env: Record<string, string> = {}, overrides: Omit<Parameters<typeof createService>[1], 'db'> = {}) {
  const config = testConfig(env);
  const db = await freshDatabase(kind);
  const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
  const { app, mail, deletions } = await createService(config, { db, verifyToken, ...overrides });
  return { app, db, config, mail, deletions };
}

/** The service's log lines, as a pino destination the test reads (set LOG_LEVEL: tests are silent by default). */
export function logCapture() {
  let text = '';
  return {
    stream: { write: (line: string) => void (text += line) },
    text: () => text,
    clear: () => void (text = ''),
    lines: (): Record<string, unknown>[] =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

export type TestApp = Awaited<ReturnType<typeof startService>>['app'];

/** Test responses: JSON bodies are read without ceremony. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export function call(app: TestApp, path: string, { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<TestResponse> {
  return request(app, path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? '{}' : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const stripe = new Stripe('sk_test_webhook_verification_only');
let eventCounter = 0;

/** A Stripe-shaped event, as the API would send it. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  eventCounter += 1;
  return { id: `evt_test_${Date.now()}_${eventCounter}`, object: 'event', type, created, api_version: '2025-01-01', livemode: false, data: { object } };
}

export function signedWebhook(
  app: TestApp,
  event: object,
  { secret = WEBHOOK_SECRET, timestamp, payload }: { secret?: string; timestamp?: number; payload?: string } = {},
): Promise<TestResponse> {
  const body = payload ?? JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret, timestamp });
  return request(app, '/stripe/webhook', { method: 'POST', headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' }, body });
}

export const subscriptionObject = (id: string, customer: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'subscription',
  customer,
  status,
  trial_end: null,
  items: { object: 'list', data: [{ id: `si_${id}`, current_period_end: 1_900_000_000, price: { id: 'price_full', product: 'prod_full' } }] },
  ...extra,
});

export const checkoutObject = (uid: string, customer: string, email: string) => ({
  id: `cs_${uid}`,
  object: 'checkout.session',
  client_reference_id: uid,
  customer,
  customer_email: null,
  customer_details: { email },
  subscription: null,
});

export const request = (app: TestApp, path: string, init?: RequestInit): Promise<TestResponse> => Promise.resolve(app.request(path, init));

const FAKEABLE = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/** Jest's fake timers for these clocks alone (jest.useRealTimers() ends them): the rest, I/O and the event loop's turns, keep running for real. */
export function fakeOnly(...faked: (typeof FAKEABLE)[number][]): void {
  jest.useFakeTimers({ doNotFake: FAKEABLE.filter((api) => !faked.includes(api)) });
}

/** A promise the test settles by hand (something outside the service that answers when told). */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether a promise has settled yet (looked at after every callback already due has run). */
export async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}
