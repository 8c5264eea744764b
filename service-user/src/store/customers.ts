import type { Database, Queryable } from '../db/database';
import type { Logger } from '../http/logging';

// With the user's uid, names the lock that a checkout and the user's registration take, so that a
// checkout is either linked to a user it sees or kept pending where the registration finds it.
const USER_LINK_LOCK = 4_724_020;

export async function lockUserLinking(tx: Queryable, uid: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [USER_LINK_LOCK, uid]);
}

/** Makes the Stripe customer the user's, and gives the user the subscriptions that arrived before. */
export async function linkCustomer(
  tx: Queryable,
  user: { uid: string; email: string | null },
  customerId: string,
  checkoutEmail: string | null,
): Promise<'linked' | 'ignored_email_mismatch'> {
  if (user.email && checkoutEmail && user.email.toLowerCase() !== checkoutEmail.toLowerCase()) return 'ignored_email_mismatch';
  await tx.query('INSERT INTO stripe_customers (customer_id, uid) VALUES ($1, $2) ON CONFLICT (customer_id) DO NOTHING', [customerId, user.uid]);
  await tx.query('UPDATE subscriptions SET uid = $1 WHERE customer_id = $2 AND uid IS NULL', [user.uid, customerId]);
  return 'linked';
}

/** A completed checkout for a uid that has not registered yet (the caller holds the user's lock). */
export async function keepPendingCheckout(tx: Queryable, checkout: { sessionId: string; uid: string; customerId: string; email: string | null }): Promise<void> {
  await tx.query('INSERT INTO pending_checkouts (session_id, uid, customer_id, email) VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO NOTHING', [
    checkout.sessionId,
    checkout.uid,
    checkout.customerId,
    checkout.email,
  ]);
}

/**
 * Links the checkouts kept for this user, once the user exists (committed): under the user's lock,
 * a checkout delivered at the same moment is either already pending here or sees the user.
 */
export async function applyPendingCheckouts(db: Database, uid: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUserLinking(tx, uid);
    const { rows: pending } = await tx.query<{ customer_id: string; email: string | null }>('DELETE FROM pending_checkouts WHERE uid = $1 RETURNING customer_id, email', [uid]);
    if (pending.length === 0) return;
    const { rows: users } = await tx.query<{ uid: string; email: string | null }>('SELECT uid, email FROM users WHERE uid = $1', [uid]);
    const user = users[0];
    if (!user) return;
    for (const checkout of pending) {
      if ((await linkCustomer(tx, user, checkout.customer_id, checkout.email)) === 'ignored_email_mismatch') {
        // The customer id says which checkout, never the email addresses (no personal data in logs).
        logger.warn({ customerId: checkout.customer_id }, "a pending checkout names another email than its user's: not linked");
      }
    }
  });
}
