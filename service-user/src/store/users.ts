import type { Database, Queryable } from '../db/database';
import type { VerifiedUser } from '../identity/verifyIdToken';
import type { Logger } from '../http/logging';
import { AccountErasedError, erasedKey } from './accountData';
import { applyPendingCheckouts } from './customers';

export interface UserRecord {
  uid: string;
  email: string | null;
  createdAt: string;
}

/**
 * Idempotent: creates the user, or keeps its email current. A new user, or one with checkouts
 * waiting (paid before registering), gets them linked now. A deleted account is not created again
 * (its tokens live on until they expire): AccountErasedError.
 */
export async function registerUser(db: Database, user: VerifiedUser, logger: Pick<Logger, 'warn'>): Promise<UserRecord> {
  const { rows } = await db.query<{ uid: string; email: string | null; created_at: Date | string; inserted: boolean; pending: boolean }>(
    `WITH saved AS (
       INSERT INTO users (uid, email) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM erased_accounts WHERE uid_hash = $3)
       ON CONFLICT (uid) DO UPDATE SET email = COALESCE(EXCLUDED.email, users.email), updated_at = now()
       RETURNING uid, email, created_at, (xmax = 0) AS inserted)
     SELECT saved.*, EXISTS (SELECT 1 FROM pending_checkouts WHERE uid = $1) AS pending FROM saved`,
    [user.uid, user.email, erasedKey(user.uid)],
  );
  const row = rows[0];
  if (!row) throw new AccountErasedError();
  if (row.inserted || row.pending) await applyPendingCheckouts(db, user.uid, logger);
  return { uid: row.uid, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}

/** Makes sure the user exists before something refers to it; leaves an existing one alone (a deleted one stays deleted). */
export async function ensureUser(db: Database, user: VerifiedUser, logger: Pick<Logger, 'warn'>): Promise<void> {
  const { rows } = await db.query<{ inserted: boolean; pending: boolean; erased: boolean }>(
    `WITH erased AS (SELECT EXISTS (SELECT 1 FROM erased_accounts WHERE uid_hash = $3) AS erased),
          created AS (INSERT INTO users (uid, email) SELECT $1, $2 FROM erased WHERE NOT erased ON CONFLICT (uid) DO NOTHING RETURNING uid)
     SELECT EXISTS (SELECT 1 FROM created) AS inserted, EXISTS (SELECT 1 FROM pending_checkouts WHERE uid = $1) AS pending,
            (SELECT erased FROM erased) AS erased`,
    [user.uid, user.email, erasedKey(user.uid)],
  );
  if (rows[0]?.erased) throw new AccountErasedError();
  if (rows[0]?.inserted || rows[0]?.pending) await applyPendingCheckouts(db, user.uid, logger);
}

export async function findUser(db: Queryable, uid: string): Promise<{ uid: string; email: string | null } | null> {
  const { rows } = await db.query<{ uid: string; email: string | null }>('SELECT uid, email FROM users WHERE uid = $1', [uid]);
  return rows[0] ?? null;
}
