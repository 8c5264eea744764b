import Stripe from 'stripe';
import { createApp } from './app';
import type { Config } from './environment';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { openMigratedDatabase } from './db/start';
import { createLogger, type Logger } from './http/logging';
import { createMetrics } from './http/metrics';
import { cacheVerifiedTokens } from './identity/tokenCache';
import { createTokenVerifier, type TokenVerifier } from './identity/verifyIdToken';
import type { FirebaseUserDeleter } from './identity/firebaseAccounts';
import { createDeletionResumer } from './deletion/resumeDeletions';
import { createRetentionSweeper } from './retention/sweep';
import { createMailDelivery } from './mail/delivery';
import { newsletterLinks } from './mail/links';
import { createMailTransport, type MailTransport } from './mail/transport';
import { pageChangeHub } from './pageChanges/hub';

/** Opens the database, runs the migrations and wires the app: what server.ts and the tests share. */
export async function createService(
  config: Config,
  overrides: {
    db?: Database;
    verifyToken?: TokenVerifier;
    stripe?: Stripe;
    logger?: Logger;
    processMetrics?: boolean;
    deleteFirebaseUser?: FirebaseUserDeleter | null;
    mailTransport?: MailTransport;
  } = {},
) {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const db = overrides.db
    ? await migrated(overrides.db)
    : await openMigratedDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        connectTimeoutMs: config.database.connectTimeoutMs,
        statementTimeoutMs: config.database.statementTimeoutMs,
        attempts: config.database.startAttempts,
        log: logger,
      });
  // A signed-in user's calls after the first skip the signature check (see tokenCache.ts).
  const verifyToken = cacheVerifiedTokens(
    overrides.verifyToken ??
      createTokenVerifier({
        projectId: config.firebaseProjectId,
        emulator: Boolean(config.authEmulatorHost),
        jwksUrl: config.googleJwksUrl,
        log: logger,
      }),
  );
  // Only webhooks are verified here; no Stripe API call is made without a real key.
  const stripe = overrides.stripe ?? new Stripe(config.stripeSecretKey ?? 'sk_test_webhook_verification_only');
  // Process metrics (CPU, memory, event-loop delay) are the server's to turn on: one set per process.
  // The site's servers following what changes of the signed-in pages' answers (GET /page-changes): the database listened to once, when the first follows.
  const pageChanges = pageChangeHub({ db, logger });
  const metrics = createMetrics({ connections: () => db.connections(), processMetrics: overrides.processMetrics ?? false, pageChangeFollowers: () => pageChanges.followers() });
  // Mail waits in the database's outbox; start() (the server's) sends it, and polls for what is due.
  const mail = createMailDelivery({ db, transport: overrides.mailTransport ?? createMailTransport(config.mail), logger });
  const links = newsletterLinks({ secret: config.mail.tokenSecret, publicSiteUrl: config.mail.publicSiteUrl });
  const app = createApp({ config, db, verifyToken, stripe, logger, metrics, mail, links, pageChanges, deleteFirebaseUser: overrides.deleteFirebaseUser });
  // Every recorded deletion until it ends (a request's that stopped anywhere): start() (the server's) finishes them, and polls.
  const selfRequest = async (path: string, init: RequestInit) => app.request(path, init);
  const deletions = createDeletionResumer({ db, config, logger, stripe, metrics, deleteFirebaseUser: overrides.deleteFirebaseUser }, selfRequest);
  // What is kept past its period (@site/contract: contract/src/retention.ts): start() (the server's) sweeps it on a schedule.
  const retention = createRetentionSweeper({ db, config, logger, metrics });
  return { app, db, logger, mail, deletions, retention, pageChanges };
}

async function migrated(db: Database): Promise<Database> {
  await migrate(db);
  return db;
}
