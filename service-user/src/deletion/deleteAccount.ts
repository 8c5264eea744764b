import Stripe from 'stripe';
import { deadlineRemainingMs } from '../db/database';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { createFirebaseUserDeleter, IdentityToolkitError, RecentSignInRequiredError } from '../identity/firebaseAccounts';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { cancellableSubscriptions, isErased, type CancellableSubscription } from '../store/accountData';
import {
  claimDeletion,
  type DeletionClaim,
  deletionStatus,
  deletionStep,
  finishDeletion,
  markIdentityDeleted,
  releaseDeletion,
  retryDeletionLater,
  type DeletionStep,
} from '../store/accountDeletions';
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
   * The steps after the claim, for a request and for the background work alike: the
   * subscriptions cancelled, the Firebase user deleted (with the token recorded at the claim),
   * that recorded, then the rows erased. Each step is idempotent (Stripe's "already cancelled",
   * Identity Toolkit's USER_NOT_FOUND are done). `identityCalled` is set once the call to
   * Identity Toolkit has started: from then on the sign-in may be gone, whatever the answer.
   */
  async function runSteps(uid: string, claim: DeletionClaim, idToken: string, progress: { cancelled: number; identityCalled: boolean }): Promise<void> {
    if (!claim.identityDeleted) {
      progress.cancelled = await cancelSubscriptions(uid);
      progress.identityCalled = true;
      await deleteFirebaseUser!(idToken);
      if (!(await markIdentityDeleted(db, uid, claim.claimId))) throw inProgress('data');
    }
    if (!(await finishDeletion(db, uid, claim.claimId))) throw inProgress('data');
  }

  /**
   * Deletes the account of the token's user (`idToken`, what Firebase is asked with). Answers
   * when it is done; a deletion another request is running answers 409 with its step. Once the
   * call to Identity Toolkit has started, a failure leaves the deletion recorded for the
   * background work to finish (resumeDeletions.ts): the user is told it is under way.
   */
  async function deleteAccount(user: VerifiedUser, idToken: string): Promise<AccountDeleted> {
    const { uid } = user;
    // Done before: nothing is asked of anyone again.
    if (await isErased(db, uid)) return { deleted: true, subscriptionsCancelled: 0 };
    if (!deleteFirebaseUser) {
      throw new ApiError(503, 'account_deletion_unavailable', 'Accounts cannot be deleted here right now (FIREBASE_API_KEY is not configured). Nothing was deleted.');
    }
    const recentSignIn = user.authTime !== undefined && Date.now() / 1000 - user.authTime <= RECENT_SIGN_IN_SECONDS;
    if (!recentSignIn) {
      // Past the Firebase user's deletion, the user cannot sign in again: what is left needs no recent
      // sign-in. A deletion recorded with its token is the background work's to finish: the user is
      // told it is under way (a new sign-in may not be possible any more). One that failed without
      // its sign-in step needs a new token.
      const status = await deletionStatus(db, uid);
      if (status === null || (status.step === 'identity' && status.failed)) throw reauthenticate();
      if (status.step === 'identity') throw inProgress('identity');
    }

    // Recorded (with the token) before anything that cannot be taken back.
    const claim = await claimDeletion(db, { uid, verifiedEmail: user.emailVerified && user.email ? user.email : null, idToken }, deletionClaimMs(config));
    if (!claim) throw inProgress(await deletionStep(db, uid));
    const progress = { cancelled: 0, identityCalled: false };
    try {
      await runSteps(uid, claim, idToken, progress);
      return { deleted: true, subscriptionsCancelled: progress.cancelled };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'deletion_in_progress') throw error;
      const identity = error instanceof IdentityToolkitError;
      if (identity) logger.error({ err: error }, error.message);
      if (error instanceof RecentSignInRequiredError || (!progress.identityCalled && !claim.identityDeleted)) {
        // Firebase refused (the sign-in is there), or Identity Toolkit was not asked: nothing
        // irreversible but a cancellation; the deletion is forgotten and a new request starts afresh.
        await releaseDeletion(db, uid, claim.claimId).catch((releaseError: unknown) => logger.warn({ err: releaseError }, 'a stopped account deletion could not be released'));
        if (error instanceof RecentSignInRequiredError) throw reauthenticate();
        if (progress.cancelled > 0) {
          logger.error({ err: error }, 'an account deletion stopped after an irreversible step');
          throw new ApiError(503, 'deletion_interrupted', "The subscription was cancelled, but the account's data was not deleted yet. Please try again.");
        }
        throw error;
      }
      // The sign-in may be gone: the deletion stays recorded and is finished by the background work.
      if (!identity) logger.error({ err: error }, 'an account deletion stopped after an irreversible step');
      await retryDeletionLater(db, uid, claim.claimId, errorReason(error), 0).catch((releaseError: unknown) =>
        logger.warn({ err: releaseError }, 'a stopped account deletion could not be released (it is retried once its claim runs out)'),
      );
      const done = progress.identityCalled || claim.identityDeleted ? 'The sign-in is being deleted' : 'The subscription was cancelled';
      throw new ApiError(503, 'deletion_interrupted', `${done}; the deletion is under way and finishes on its own within minutes. You may also try again.`);
    }
  }

  /**
   * One try of a deletion the background work took (claimDueDeletion): its steps with the token
   * recorded at the start. Throws what stopped it; the caller decides when it is tried again.
   */
  async function continueDeletion(due: DeletionClaim & { uid: string; idToken: string | null }): Promise<void> {
    if (!due.identityDeleted && (!deleteFirebaseUser || due.idToken === null)) throw new Error('the sign-in cannot be deleted: no token, or Identity Toolkit is not configured');
    await runSteps(due.uid, due, due.idToken ?? '', { cancelled: 0, identityCalled: false });
  }

  return { deleteAccount, continueDeletion };
}

/** What a failure is recorded as: its message, never a token or a body. */
export const errorReason = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * The pace of a deletion's retries: 5 s, doubling, at most 5 minutes apart. Its tries (DELETION_RETRY.attempts,
 * about 20 minutes) all fall inside the hour an ID token lives, which a
 * deletion's token (a sign-in of the last 5 minutes) has nearly all of.
 */
export const DELETION_RETRY = { firstDelayMs: 5_000, maxDelayMs: 5 * 60_000, attempts: 10 } as const;
export const deletionRetryDelayMs = (attempts: number) => Math.min(DELETION_RETRY.maxDelayMs, DELETION_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1));
