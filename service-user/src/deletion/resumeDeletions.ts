import { createHash } from 'node:crypto';
import { withDeadline } from '../db/database';
import type { Deps } from '../http/env';
import type { Logger } from '../http/logging';
import type { Metrics } from '../http/metrics';
import { periodicWork } from '../background/periodicWork';
import { RecentSignInRequiredError } from '../identity/firebaseAccounts';
import { claimDueDeletion, forgetDeletion, markDeletionFailed, retryDeletionLater, type DueDeletion } from '../store/accountDeletions';
import type { SelfRequest } from '../routes/localBilling';
import { createAccountDeletion, DELETION_RETRY, deletionClaimMs, deletionRetryDelayMs, errorReason } from './deleteAccount';

/** The pace at which a replica looks for deletions to finish, named once. */
export const DELETION_RESUME = {
  /** Deletions taken per round. */
  batch: 20,
  /** Every replica looks this often (a due deletion waits at most this long past its retry time). */
  pollMs: 5_000,
} as const;

/** Firebase's refusals that prove the sign-in is there (too old a sign-in for a deletion, or disabled): nothing of it was deleted. */
const SIGN_IN_KEPT = /CREDENTIAL_TOO_OLD_LOGIN_AGAIN|USER_DISABLED/;

/** How a uid is named in a report: a hash, never the uid (the logs outlive the account). */
export const reportedUid = (uid: string) => createHash('sha256').update(`deletion:${uid}`).digest('hex').slice(0, 16);

export type DeletionOutcome = 'finished' | 'retry' | 'failed' | 'sign_in_kept' | 'busy';

/**
 * The background work that finishes every recorded deletion (account_deletions): one whose
 * request stopped anywhere (a crash, a kill, Identity Toolkit or the database failing) is taken
 * by any replica once its claim runs out (claimDueDeletion: one replica per deletion, no lock held
 * across a call), and its steps run again with the token recorded at its start; a failure is
 * tried again with backoff (deletionRetryDelayMs). One that cannot finish after
 * DELETION_RETRY.attempts is reported (a log line and account_deletions_failed_total, with the
 * uid's hash) and marked failed, never dropped: the user sees it failed, and a deletion past its
 * sign-in keeps being tried. This process runs one round at a time.
 */
export function createDeletionResumer(
  deps: Pick<Deps, 'db' | 'config' | 'stripe' | 'logger' | 'deleteFirebaseUser'> & { metrics: Pick<Metrics, 'deletionFailed'> },
  selfRequest: SelfRequest,
) {
  const { db, config, metrics } = deps;
  const logger: Pick<Logger, 'info' | 'warn' | 'error'> = deps.logger;
  const { continueDeletion } = createAccountDeletion(deps, selfRequest);

  function report(due: DueDeletion, reason: string, error: unknown) {
    metrics.deletionFailed(reason);
    logger.error(
      { uidHash: reportedUid(due.uid), step: due.identityDeleted ? 'data' : 'identity', attempts: due.attempts + 1, reason, error: errorReason(error) },
      'an account deletion could not be finished',
    );
  }

  /** One try of one deletion; answers what became of it. */
  async function tryOne(due: DueDeletion): Promise<DeletionOutcome> {
    try {
      // Under a request's deadline, as a retry of the user's would be.
      await withDeadline(config.requestTimeoutMs, () => continueDeletion(due));
      return 'finished';
    } catch (error) {
      if (error instanceof RecentSignInRequiredError && SIGN_IN_KEPT.test(error.message)) {
        // Firebase has the sign-in and will not delete it without a new one: nothing of the account went.
        report(due, 'sign_in_kept', error);
        await forgetDeletion(db, due.uid, due.claimId);
        return 'sign_in_kept';
      }
      const attempts = due.attempts + 1;
      // A token Firebase no longer takes: the sign-in step cannot be tried again without the user.
      const hopeless = error instanceof RecentSignInRequiredError || (!due.identityDeleted && due.idToken === null);
      if (hopeless || attempts >= DELETION_RETRY.attempts) {
        if (!due.failed || hopeless) report(due, hopeless ? 'identity_unconfirmed' : 'retries_exhausted', error);
        await markDeletionFailed(db, due.uid, due.claimId, errorReason(error), DELETION_RETRY.maxDelayMs);
        return 'failed';
      }
      logger.warn({ uidHash: reportedUid(due.uid), attempts, error: errorReason(error) }, 'an account deletion is tried again later');
      await retryDeletionLater(db, due.uid, due.claimId, errorReason(error), deletionRetryDelayMs(attempts));
      return 'retry';
    }
  }

  async function resumeDue(): Promise<number> {
    let finished = 0;
    try {
      for (let i = 0; i < DELETION_RESUME.batch; i += 1) {
        const due = await claimDueDeletion(db, deletionClaimMs(config));
        if (!due) break;
        if ((await tryOne(due)) === 'finished') finished += 1;
      }
      if (finished > 0) logger.info({ finished }, 'finished account deletions recorded earlier');
    } catch (error) {
      // The database is away: the next round tries again (each claim runs out on its own).
      logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'recorded account deletions not finished');
    }
    return finished;
  }

  const work = periodicWork(resumeDue, DELETION_RESUME.pollMs);
  return {
    /** One round now (or the one under way); answers how many deletions it finished. */
    resume: work.now,
    start: work.start,
    stop: work.stop,
  };
}

export type DeletionResumer = ReturnType<typeof createDeletionResumer>;
