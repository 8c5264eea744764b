import type { Config } from '../config';
import type { Database } from '../db/database';
import type { MailDelivery } from '../mail/delivery';
import type { NewsletterLinks } from '../mail/links';
import type { TokenVerifier, VerifiedUser } from '../identity/verifyIdToken';
import type Stripe from 'stripe';
import type { Logger } from './logging';
import type { Metrics } from './metrics';

/** What every route module is built with. */
export interface Deps {
  config: Config;
  db: Database;
  verifyToken: TokenVerifier;
  stripe: Stripe;
  logger: Logger;
  metrics: Metrics;
  /** The outbox's sender: kick() after a request queued mail. */
  mail: MailDelivery;
  links: NewsletterLinks;
}

export interface AppEnv {
  Variables: { user: VerifiedUser; requestId: string };
}
