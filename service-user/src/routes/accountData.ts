import { Hono } from 'hono';
import Stripe from 'stripe';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, requireJson, requireUser } from '../http/middleware';
import { createFirebaseUserDeleter, IdentityToolkitError, RecentSignInRequiredError } from '../identity/firebaseAccounts';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { cancellableSubscriptions, eraseAccountData, exportAccountData, type CancellableSubscription } from '../store/accountData';
import { localCancellationEvent, signEvent } from '../stripe/localCheckout';
import type { SelfRequest } from './localBilling';

/** Firebase deletes a user only within this long of a sign-in; the service asks for the same first. */
export const RECENT_SIGN_IN_SECONDS = 300;
/** The file name the export is saved under (the date of the export is added). */
export const EXPORT_FILE_PREFIX = 'vedere-account-data';
// A cancellation that Stripe has not answered in this long is a failure: nothing else is done.
const STRIPE_CANCEL_TIMEOUT_MS = 10_000;

/** The user says so in the body: a request without it deletes nothing. */
const deleteBody = z.object({ confirm: z.literal(true) });

const reauthenticate = () => new ApiError(401, 'reauthentication_required', 'For your safety, sign in again (enter your password) before deleting the account.');

/**
 * The user's rights under the GDPR: a copy of everything the service holds about them, and the
 * account's deletion. Deletion runs in an order that never leaves half an account: the
 * subscriptions are cancelled first (at Stripe, or through local billing's signed webhook), then
 * one transaction removes every row of the user and, before it commits, Firebase deletes the
 * user (a failure there rolls the rows back). Each step is idempotent, so a retry finishes the job.
 */
export function accountDataRoutes(deps: Deps, selfRequest: SelfRequest) {
  const { db, verifyToken, config, stripe, logger } = deps;
  const auth = requireUser(verifyToken);
  const deleteFirebaseUser = deps.deleteFirebaseUser !== undefined ? deps.deleteFirebaseUser : createFirebaseUserDeleter(config);

  async function cancelAtStripe(subscriptionId: string) {
    try {
      await stripe.subscriptions.cancel(subscriptionId, {}, { timeout: STRIPE_CANCEL_TIMEOUT_MS });
      return;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // Already gone, or already cancelled (a retry after a failure further on): done.
        if (error.code === 'resource_missing') return;
        const current = await stripe.subscriptions.retrieve(subscriptionId, {}, { timeout: STRIPE_CANCEL_TIMEOUT_MS }).catch(() => null);
        if (current && (current.status === 'canceled' || current.status === 'incomplete_expired')) return;
      }
      logger.error({ err: error, subscriptionId }, 'Stripe did not cancel a subscription of an account being deleted');
      throw new ApiError(502, 'billing_unavailable', 'The subscription could not be cancelled at Stripe, so the account was not deleted. Please try again.');
    }
  }

  async function cancelLocally(subscription: CancellableSubscription) {
    const { payload, signature } = signEvent(stripe, config.stripeWebhookSecret, localCancellationEvent(subscription));
    const delivered = await selfRequest('/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    if (!delivered.ok) throw new ApiError(502, 'billing_unavailable', 'The subscription could not be cancelled, so the account was not deleted. Please try again.');
  }

  /** Cancels what is still running; answers how many were. */
  async function cancelSubscriptions(user: VerifiedUser): Promise<number> {
    const running = await cancellableSubscriptions(db, user.uid);
    if (running.length === 0) return 0;
    if (!config.stripeSecretKey && !config.localBilling) {
      // Subscriptions that this service cannot cancel: the account stays whole.
      throw new ApiError(503, 'billing_unavailable', 'Subscriptions cannot be cancelled from here right now, so the account was not deleted.');
    }
    for (const subscription of running) {
      if (config.stripeSecretKey) await cancelAtStripe(subscription.subscriptionId);
      else await cancelLocally(subscription);
    }
    return running.length;
  }

  return new Hono<AppEnv>()
    .post('/export-account-data', auth, async (c) => {
      const data = await exportAccountData(db, c.get('user'));
      c.header('Content-Disposition', `attachment; filename="${EXPORT_FILE_PREFIX}-${data.exportedAt.slice(0, 10)}.json"`);
      // The site reads the file name from another origin: CORS lets it see this header only when named.
      c.header('Access-Control-Expose-Headers', 'Content-Disposition');
      c.header('Cache-Control', 'no-store');
      return c.json(data);
    })
    .post('/delete-account', auth, requireJson, limitBody(config.bodyLimitBytes), jsonBody(deleteBody), async (c) => {
      const user = c.get('user');
      // requireUser accepted the header: it is "Bearer <token>".
      const idToken = (c.req.header('Authorization') ?? '').slice('Bearer '.length);
      if (!deleteFirebaseUser) {
        throw new ApiError(503, 'account_deletion_unavailable', 'Accounts cannot be deleted here right now (FIREBASE_API_KEY is not configured). Nothing was deleted.');
      }
      const now = Date.now() / 1000;
      if (user.authTime === undefined || now - user.authTime > RECENT_SIGN_IN_SECONDS) throw reauthenticate();

      const cancelled = await cancelSubscriptions(user);
      try {
        await db.transaction(async (tx) => {
          await eraseAccountData(tx, user);
          // Last, before the commit: if Firebase refuses, no row has been removed.
          await deleteFirebaseUser(idToken);
        });
      } catch (error) {
        if (error instanceof RecentSignInRequiredError) throw reauthenticate();
        const identity = error instanceof IdentityToolkitError;
        if (identity) logger.error({ err: error, requestId: c.get('requestId') }, error.message);
        if (cancelled > 0) {
          if (!identity) logger.error({ err: error, requestId: c.get('requestId') }, 'an account deletion stopped after its subscription was cancelled');
          throw new ApiError(503, 'deletion_interrupted', 'The subscription was cancelled, but the account and its data were not deleted. Please try again.');
        }
        if (identity) throw new ApiError(503, 'identity_unavailable', 'The sign-in service could not delete the account; nothing was deleted. Please try again.');
        throw error;
      }
      return c.json({ deleted: true as const, subscriptionsCancelled: cancelled });
    });
}
