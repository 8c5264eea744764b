import type { Queryable } from '../db/database';
import type { VerifiedUser } from '../identity/verifyIdToken';

export interface UserRecord {
  uid: string;
  email: string | null;
  createdAt: string;
}

/** Idempotent: creates the user, or keeps its email current. */
export async function registerUser(db: Queryable, user: VerifiedUser): Promise<UserRecord> {
  const { rows } = await db.query<{ uid: string; email: string | null; created_at: Date | string }>(
    `INSERT INTO users (uid, email) VALUES ($1, $2)
     ON CONFLICT (uid) DO UPDATE SET email = COALESCE(EXCLUDED.email, users.email), updated_at = now()
     RETURNING uid, email, created_at`,
    [user.uid, user.email],
  );
  const row = rows[0]!;
  return { uid: row.uid, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}

/** Makes sure the user exists before something refers to it; leaves an existing one alone. */
export async function ensureUser(db: Queryable, user: VerifiedUser): Promise<void> {
  await db.query('INSERT INTO users (uid, email) VALUES ($1, $2) ON CONFLICT (uid) DO NOTHING', [user.uid, user.email]);
}

export async function findUser(db: Queryable, uid: string): Promise<{ uid: string; email: string | null } | null> {
  const { rows } = await db.query<{ uid: string; email: string | null }>('SELECT uid, email FROM users WHERE uid = $1', [uid]);
  return rows[0] ?? null;
}
