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
 * replicas asking at once cannot both get it.
 */
export async function claimDeletion(db: Queryable, { uid, verifiedEmail }: { uid: string; verifiedEmail: string | null }, claimMs: number): Promise<DeletionClaim | null> {
  const claimId = randomUUID();
  const { rows } = await db.query<{ identity_deleted: boolean }>(
    `INSERT INTO account_deletions AS d (uid, verified_email, claim_id, claimed_until)
     VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
     ON CONFLICT (uid) DO UPDATE SET
       claim_id = EXCLUDED.claim_id,
       claimed_until = EXCLUDED.claimed_until,
       verified_email = COALESCE(d.verified_email, EXCLUDED.verified_email)
     WHERE d.claimed_until <= now()
     RETURNING d.identity_deleted_at IS NOT NULL AS identity_deleted`,
    [uid, verifiedEmail, claimId, claimMs],
  );
  const row = rows[0];
  return row ? { claimId, identityDeleted: row.identity_deleted } : null;
}

/** The step a deletion under way has reached (null: none is). */
export async function deletionStep(db: Queryable, uid: string): Promise<DeletionStep | null> {
  const { rows } = await db.query<{ identity_deleted: boolean }>('SELECT identity_deleted_at IS NOT NULL AS identity_deleted FROM account_deletions WHERE uid = $1', [uid]);
  const row = rows[0];
  return row ? (row.identity_deleted ? 'data' : 'identity') : null;
}

/** Firebase deleted the user: from now on the deletion only goes forward. False when the claim is no longer this one's. */
export async function markIdentityDeleted(db: Queryable, uid: string, claimId: string): Promise<boolean> {
  const { rows } = await db.query('UPDATE account_deletions SET identity_deleted_at = now() WHERE uid = $1 AND claim_id = $2 RETURNING uid', [uid, claimId]);
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

/** Deletions past the Firebase user's whose claim has run out: what a replica finishes on its own. */
export async function unfinishedDeletions(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ uid: string }>(
    'SELECT uid FROM account_deletions WHERE identity_deleted_at IS NOT NULL AND claimed_until <= now() ORDER BY claimed_until LIMIT $1',
    [limit],
  );
  return rows.map((row) => row.uid);
}
