import type { Config } from '../config';
import type { Database } from '../db/database';
import type { TokenVerifier, VerifiedUser } from '../identity/verifyIdToken';
import type Stripe from 'stripe';

/** What every route module is built with. */
export interface Deps {
  config: Config;
  db: Database;
  verifyToken: TokenVerifier;
  stripe: Stripe;
}

export interface AppEnv {
  Variables: { user: VerifiedUser };
}
