import { withDeadline, type Database } from '../db/database';
import type { Config } from '../environment';
import type { Logger } from '../http/logging';
import { claimDeletion, finishDeletion, releaseDeletion, unfinishedDeletions } from '../store/accountDeletions';
import { deletionClaimMs } from './deleteAccount';

/** The pace at which a replica finishes deletions that stopped after the Firebase user's, named once. */
export const DELETION_RESUME = {
  /** Deletions taken per round. */
  batch: 20,
  /** Every replica looks this often. */
  pollMs: 60_000,
} as const;

/**
 * Finishes the deletions whose Firebase user is gone but whose rows are not (their request
 * stopped: the database failed, the replica stopped). Nobody's token is needed for that step, so
 * the user need not come back. Any replica may take any of them (claimDeletion): the table is the
 * truth, this process only runs one round at a time.
 */
export function createDeletionResumer({ db, config, logger }: { db: Database; config: Pick<Config, 'requestTimeoutMs' | 'database'>; logger: Pick<Logger, 'info' | 'warn'> }) {
  let round: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function finishOne(uid: string): Promise<boolean> {
    const claim = await claimDeletion(db, { uid, verifiedEmail: null }, deletionClaimMs(config));
    if (!claim) return false;
    try {
      if (claim.identityDeleted && (await finishDeletion(db, uid, claim.claimId))) return true;
      await releaseDeletion(db, uid, claim.claimId);
      return false;
    } catch (error) {
      await releaseDeletion(db, uid, claim.claimId).catch(() => undefined);
      throw error;
    }
  }

  async function resumeDue(): Promise<number> {
    let finished = 0;
    try {
      for (const uid of await unfinishedDeletions(db, DELETION_RESUME.batch)) {
        // Each under a request's deadline, as a retry of the user's would be.
        if (await withDeadline(config.requestTimeoutMs, () => finishOne(uid))) finished += 1;
      }
      if (finished > 0) logger.info({ finished }, 'finished account deletions that had stopped after their sign-in was deleted');
    } catch (error) {
      // The database is away: the next round tries again.
      logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'stopped account deletions not finished');
    }
    return finished;
  }

  return {
    /** One round now (or the one under way); answers how many deletions it finished. */
    resume(): Promise<number> {
      round ??= resumeDue().finally(() => {
        round = null;
      });
      return round;
    },
    start() {
      timer ??= setInterval(() => void this.resume(), DELETION_RESUME.pollMs).unref();
      void this.resume();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await round;
    },
  };
}

export type DeletionResumer = ReturnType<typeof createDeletionResumer>;
