import Stripe from 'stripe';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrations';
import { createTokenVerifier, type TokenVerifier } from './identity/verifyIdToken';

/** Opens the database, runs the migrations and wires the app: what server.ts and the tests share. */
export async function createService(config: Config, overrides: { db?: Database; verifyToken?: TokenVerifier } = {}) {
  const db = overrides.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db);
  const verifyToken =
    overrides.verifyToken ??
    createTokenVerifier({
      projectId: config.firebaseProjectId,
      emulator: Boolean(config.authEmulatorHost),
      jwksUrl: config.googleJwksUrl,
    });
  // Only webhooks are verified here; no Stripe API call is made without a real key.
  const stripe = new Stripe(config.stripeSecretKey ?? 'sk_test_webhook_verification_only');
  const app = createApp({ config, db, verifyToken, stripe });
  return { app, db };
}
