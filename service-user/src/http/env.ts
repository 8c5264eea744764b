import type { Config } from '../environment';
import type { Database } from '../db/database';
import type { MailDelivery } from '../mail/delivery';
import type { NewsletterLinks } from '../mail/links';
import type { TokenVerifier, VerifiedUser } from '../identity/verifyIdToken';
import type { FirebaseUserDeleter } from '../identity/firebaseAccounts';
import type Stripe from 'stripe';
import type { Logger } from './logging';
import type { Metrics } from './metrics';
import type { PageChangeHub } from '../pageChanges/hub';

/** What every route module is built with. */
export interface Deps {
  config: Config;
  db: Database;
  verifyToken: TokenVerifier;
  stripe: Stripe;
  logger: Logger;
  metrics: Metrics;
  /** Deletes a Firebase user (tests give their own); unset: Identity Toolkit's, null: none configured. */
  deleteFirebaseUser?: FirebaseUserDeleter | null;
  /** The outbox's sender: kick() after a request queued mail. */
  mail: MailDelivery;
  links: NewsletterLinks;
  /** What changed of the signed-in pages' answers, for the site's servers that follow it (GET /page-changes). */
  pageChanges: PageChangeHub;
}

export interface AppEnv {
  Variables: { user: VerifiedUser; requestId: string };
}
