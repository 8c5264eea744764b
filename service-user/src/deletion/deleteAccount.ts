import Stripe from 'stripe';
import { deadlineRemainingMs } from '../db/database';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { createFirebaseUserDeleter, IdentityToolkitError, RecentSignInRequiredError } from '../identity/firebaseAccounts';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { cancellableSubscriptions, isErased, type CancellableSubscription } from '../store/accountData';
import { claimDeletion, deletionStep, finishDeletion, markIdentityDeleted, releaseDeletion, type DeletionStep } from '../store/accountDeletions';
import { localCancellationEvent, signEvent } from '../stripe/localCheckout';
import type { SelfRequest } from '../routes/localBilling';

/** Firebase deletes a user only within this long of a sign-in; the service asks for the same first. */
export const RECENT_SIGN_IN_SECONDS = 300;
// A cancellation that Stripe has not answered in this long (or by the request's deadline) is a failure: nothing else is done.
const STRIPE_CANCEL_TIMEOUT_MS = 10_000;

/**
 * How long a request holds a deletion. Its network calls end by its deadline, and a statement
 * in flight then is cancelled or its connection closed within the connect timeout: past this, it
 * has stopped, and a retry may take the deletion over.
 */
export const deletionClaimMs = (config: Pick<Deps['config'], 'requestTimeoutMs' | 'database'>) => config.requestTimeoutMs + config.database.connectTimeoutMs;

/** What a deletion answers when it is done (now, or before). */
export interface AccountDeleted {
  deleted: true;
  subscriptionsCancelled: number;
}

const reauthenticate = () => new ApiError(401, 'reauthentication_required', 'For your safety, sign in again (enter your password) before deleting the account.');

const STEP_WORDS: Record<DeletionStep, string> = {
  identity: 'its subscriptions are being cancelled and its sign-in deleted',
  data: 'its sign-in is deleted and its data is being erased',
};
const inProgress = (step: DeletionStep | null) =>
  new ApiError(409, 'deletion_in_progress', `This account is being deleted (${STEP_WORDS[step ?? 'identity']}). Try again in a few seconds to see it finished.`);

/**
 * The account's deletion, in steps whose progress is kept in the database (account_deletions),
 * so that no step holds a connection, a transaction or a lock while Stripe or Identity Toolkit
 * answers: the request claims the deletion (one at a time per user, across replicas), cancels
 * the subscriptions (at Stripe, or through local billing's signed webhook), has Firebase delete
 * the user (a refusal there leaves every row in place), records that, then removes every row of
 * the user in one transaction. Each step is idempotent, and a retry resumes where the last
 * attempt stopped; once the Firebase user is gone, any replica finishes (resumeDeletions.ts).
 */
export function createAccountDeletion(deps: Pick<Deps, 'db' | 'config' | 'stripe' | 'logger' | 'deleteFirebaseUser'>, selfRequest: SelfRequest) {
  const { db, config, stripe, logger } = deps;
  const deleteFirebaseUser = deps.deleteFirebaseUser !== undefined ? deps.deleteFirebaseUser : createFirebaseUserDeleter(config);
  const stripeTimeout = () => Math.min(STRIPE_CANCEL_TIMEOUT_MS, deadlineRemainingMs() ?? STRIPE_CANCEL_TIMEOUT_MS);

  async function cancelAtStripe(subscriptionId: string) {
    try {
      await stripe.subscriptions.cancel(subscriptionId, {}, { timeout: stripeTimeout() });
      return;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // Already gone, or already cancelled (a retry after a failure further on): done.
        if (error.code === 'resource_missing') return;
        const current = await stripe.subscriptions.retrieve(subscriptionId, {}, { timeout: stripeTimeout() }).catch(() => null);
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
  async function cancelSubscriptions(uid: string): Promise<number> {
    const running = await cancellableSubscriptions(db, uid);
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

  /**
   * Deletes the account of the token's user (`idToken`, what Firebase is asked with). Answers
   * when it is done; a deletion another request is running answers 409 with its step.
   */
  async function deleteAccount(user: VerifiedUser, idToken: string): Promise<AccountDeleted> {
    const { uid } = user;
    // Done before: nothing is asked of anyone again.
    if (await isErased(db, uid)) return { deleted: true, subscriptionsCancelled: 0 };
    if (!deleteFirebaseUser) {
      throw new ApiError(503, 'account_deletion_unavailable', 'Accounts cannot be deleted here right now (FIREBASE_API_KEY is not configured). Nothing was deleted.');
    }
    const recentSignIn = user.authTime !== undefined && Date.now() / 1000 - user.authTime <= RECENT_SIGN_IN_SECONDS;
    // Past the Firebase user's deletion, the user cannot sign in again: what is left needs no recent sign-in.
    if (!recentSignIn && (await deletionStep(db, uid)) !== 'data') throw reauthenticate();

    const claim = await claimDeletion(db, { uid, verifiedEmail: user.emailVerified && user.email ? user.email : null }, deletionClaimMs(config));
    if (!claim) throw inProgress(await deletionStep(db, uid));
    let cancelled = 0;
    let identityDeleted = claim.identityDeleted;
    try {
      if (!identityDeleted) {
        cancelled = await cancelSubscriptions(uid);
        await deleteFirebaseUser(idToken);
        identityDeleted = true;
        if (!(await markIdentityDeleted(db, uid, claim.claimId))) throw inProgress('data');
      }
      if (!(await finishDeletion(db, uid, claim.claimId))) throw inProgress('data');
      return { deleted: true, subscriptionsCancelled: cancelled };
    } catch (error) {
      // A retry resumes at once (or starts afresh, when nothing irreversible was done but a cancellation).
      await releaseDeletion(db, uid, claim.claimId).catch((releaseError: unknown) => logger.warn({ err: releaseError }, 'a stopped account deletion could not be released'));
      if (error instanceof RecentSignInRequiredError) throw reauthenticate();
      if (error instanceof ApiError && error.code === 'deletion_in_progress') throw error;
      const identity = error instanceof IdentityToolkitError;
      if (identity) logger.error({ err: error }, error.message);
      if (cancelled > 0 || identityDeleted) {
        if (!identity) logger.error({ err: error }, 'an account deletion stopped after an irreversible step');
        const done = identityDeleted ? 'The sign-in was deleted' : 'The subscription was cancelled';
        throw new ApiError(503, 'deletion_interrupted', `${done}, but the account's data was not deleted yet. Please try again.`);
      }
      if (identity) throw new ApiError(503, 'identity_unavailable', 'The sign-in service could not delete the account; nothing was deleted. Please try again.');
      throw error;
    }
  }

  return deleteAccount;
}
