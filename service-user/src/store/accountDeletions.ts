import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { eraseAccountData } from './accountData';

/** A deletion this request (or this replica) runs now, until its claim runs out. */
export interface DeletionClaim {
  claimId: string;
  /** The Firebase user is gone already: only the rows are left to erase. */
  identityDeleted: boolean;
}

/** Where a deletion stands: before the Firebase user's deletion (subscriptions, sign-in), or after it (the rows). */
export type DeletionStep = 'identity' | 'data';

/**
 * Takes the user's deletion for `claimMs`: starts it, or resumes one whose last claim ran out
 * (its request stopped, or failed). Null while another request holds it. One statement: two
 * replicas asking at once cannot both get it. The user's ID token is recorded with it before
 * any call that cannot be taken back, so that the deletion can be finished without the user
 * (deletion/resumeDeletions.ts); a request of the user's own (a token given) starts its retries
 * afresh, a failed deletion included.
 */
export async function claimDeletion(
  db: Queryable,
  { uid, verifiedEmail, idToken = null }: { uid: string; verifiedEmail: string | null; idToken?: string | null },
  claimMs: number,
): Promise<DeletionClaim | null> {
  const claimId = randomUUID();
  const { rows } = await db.query<{ identity_deleted: boolean }>(
    `INSERT INTO account_deletions AS d (uid, verified_email, claim_id, claimed_until, id_token)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)
     ON CONFLICT (uid) DO UPDATE SET
       claim_id = EXCLUDED.claim_id,
       claimed_until = EXCLUDED.claimed_until,
       verified_email = COALESCE(d.verified_email, EXCLUDED.verified_email),
       id_token = CASE WHEN d.identity_deleted_at IS NULL THEN COALESCE(EXCLUDED.id_token, d.id_token) END,
       attempts = CASE WHEN EXCLUDED.id_token IS NULL THEN d.attempts ELSE 0 END,
       failed_at = CASE WHEN EXCLUDED.id_token IS NULL THEN d.failed_at END
     WHERE d.claimed_until <= now()
     RETURNING d.identity_deleted_at IS NOT NULL AS identity_deleted`,
    [uid, verifiedEmail, claimId, claimMs, idToken],
  );
  const row = rows[0];
  return row ? { claimId, identityDeleted: row.identity_deleted } : null;
}

/** A deletion the background work took (claimDueDeletion): what finishing it needs. */
export interface DueDeletion extends DeletionClaim {
  uid: string;
  /** The user's ID token, while the sign-in's deletion is not recorded yet. */
  idToken: string | null;
  /** Attempts that failed so far. */
  attempts: number;
  /** Reported as failed already (it is retried all the same while something can be done). */
  failed: boolean;
}

/**
 * Takes the deletion most overdue whose claim has run out, for `claimMs`; null when none is.
 * Skips the rows another replica is taking at this instant (FOR UPDATE SKIP LOCKED), and the
 * claim is a lease: no lock nor connection is held while Identity Toolkit or Stripe answers.
 * A deletion whose sign-in step cannot be retried (no token: one recorded before tokens were,
 * or one that failed) is taken once, to be reported failed; after that it waits for its user.
 */
export async function claimDueDeletion(db: Queryable, claimMs: number): Promise<DueDeletion | null> {
  const claimId = randomUUID();
  const { rows } = await db.query<{ uid: string; identity_deleted: boolean; id_token: string | null; attempts: number; failed: boolean }>(
    `UPDATE account_deletions SET claim_id = $1, claimed_until = now() + $2 * interval '1 millisecond'
      WHERE uid = (
        SELECT uid FROM account_deletions
         WHERE claimed_until <= now() AND next_attempt_at <= now() AND (identity_deleted_at IS NOT NULL OR id_token IS NOT NULL OR failed_at IS NULL)
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND claimed_until <= now()
      RETURNING uid, identity_deleted_at IS NOT NULL AS identity_deleted, id_token, attempts, failed_at IS NOT NULL AS failed`,
    [claimId, claimMs],
  );
  const row = rows[0];
  return row ? { uid: row.uid, claimId, identityDeleted: row.identity_deleted, idToken: row.id_token, attempts: row.attempts, failed: row.failed } : null;
}

/**
 * A try that failed: the deletion is tried again after `delayMs` (by any replica), its claim let
 * go. Answers the attempts made so far (null: the claim is no longer this one's).
 */
export async function retryDeletionLater(db: Queryable, uid: string, claimId: string, reason: string, delayMs: number): Promise<number | null> {
  const { rows } = await db.query<{ attempts: number }>(
    `UPDATE account_deletions SET attempts = attempts + 1, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond', claimed_until = now()
      WHERE uid = $1 AND claim_id = $2 RETURNING attempts`,
    [uid, claimId, reason.slice(0, 500), delayMs],
  );
  return rows[0]?.attempts ?? null;
}

/**
 * A deletion the service could not finish after its retries: marked failed (what reports it
 * counts them). Without its sign-in step done, the token is cleared (the step cannot be retried
 * without a new request of the user's); past it, the rows are still tried now and then.
 */
export async function markDeletionFailed(db: Queryable, uid: string, claimId: string, reason: string, retryInMs: number): Promise<void> {
  await db.query(
    `UPDATE account_deletions SET failed_at = COALESCE(failed_at, now()), last_error = $3, attempts = attempts + 1,
            id_token = CASE WHEN identity_deleted_at IS NULL THEN NULL ELSE id_token END,
            next_attempt_at = now() + $4 * interval '1 millisecond', claimed_until = now()
      WHERE uid = $1 AND claim_id = $2`,
    [uid, claimId, reason.slice(0, 500), retryInMs],
  );
}

/**
 * Forgets a deletion whose sign-in step has not happened and will not (Firebase refused it: the
 * sign-in is there, too old for a deletion): the account stays whole, its user may ask again.
 */
export async function forgetDeletion(db: Queryable, uid: string, claimId: string): Promise<void> {
  await db.query('DELETE FROM account_deletions WHERE uid = $1 AND claim_id = $2 AND identity_deleted_at IS NULL', [uid, claimId]);
}

/** Where the user's deletion stands, for the user (the account page, the export): null when none is under way. */
export async function deletionStatus(db: Queryable, uid: string): Promise<{ step: DeletionStep; startedAt: Date; failed: boolean } | null> {
  const { rows } = await db.query<{ identity_deleted: boolean; started_at: Date; failed: boolean }>(
    'SELECT identity_deleted_at IS NOT NULL AS identity_deleted, started_at, failed_at IS NOT NULL AS failed FROM account_deletions WHERE uid = $1',
    [uid],
  );
  const row = rows[0];
  return row ? { step: row.identity_deleted ? 'data' : 'identity', startedAt: new Date(row.started_at), failed: row.failed } : null;
}

/** The step a deletion under way has reached (null: none is). */
export async function deletionStep(db: Queryable, uid: string): Promise<DeletionStep | null> {
  const { rows } = await db.query<{ identity_deleted: boolean }>('SELECT identity_deleted_at IS NOT NULL AS identity_deleted FROM account_deletions WHERE uid = $1', [uid]);
  const row = rows[0];
  return row ? (row.identity_deleted ? 'data' : 'identity') : null;
}

/** Firebase deleted the user: from now on the deletion only goes forward. False when the claim is no longer this one's. */
export async function markIdentityDeleted(db: Queryable, uid: string, claimId: string): Promise<boolean> {
  const { rows } = await db.query('UPDATE account_deletions SET identity_deleted_at = now(), id_token = NULL WHERE uid = $1 AND claim_id = $2 RETURNING uid', [uid, claimId]);
  return rows.length > 0;
}

/**
 * Lets go of a deletion that stopped: one that had not reached Firebase is forgotten (nothing
 * irreversible was done but a cancellation, and a new request starts afresh), one past it is
 * left for a retry or another replica to finish at once.
 */
export async function releaseDeletion(db: Queryable, uid: string, claimId: string): Promise<void> {
  await db.query('DELETE FROM account_deletions WHERE uid = $1 AND claim_id = $2 AND identity_deleted_at IS NULL', [uid, claimId]);
  await db.query('UPDATE account_deletions SET claimed_until = now() WHERE uid = $1 AND claim_id = $2', [uid, claimId]);
}

/**
 * The last step, in one transaction: every row of the user goes (eraseAccountData), with the
 * deletion's own row. False when the claim is no longer this one's (nothing is erased).
 */
export async function finishDeletion(db: Database, uid: string, claimId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ verified_email: string | null }>(
      'SELECT verified_email FROM account_deletions WHERE uid = $1 AND claim_id = $2 AND identity_deleted_at IS NOT NULL FOR UPDATE',
      [uid, claimId],
    );
    const deletion = rows[0];
    if (!deletion) return false;
    const email = deletion.verified_email;
    await eraseAccountData(tx, { uid, email, emailVerified: email !== null });
    await tx.query('DELETE FROM account_deletions WHERE uid = $1', [uid]);
    return true;
  });
}
