import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { lockUserLinking } from './customers';
import { planOf } from '../stripe/localCheckout';

/** The account was deleted at its user's request: only a new sign-up (a new uid) makes one again. */
export class AccountErasedError extends Error {
  override name = 'AccountErasedError';
  constructor() {
    super('This account has been deleted.');
  }
}

/** How a deleted account is remembered: a hash of its uid, nothing else. */
export const erasedKey = (uid: string) => createHash('sha256').update(uid).digest('hex');

export async function isErased(db: Queryable, uid: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM erased_accounts WHERE uid_hash = $1', [erasedKey(uid)]);
  return rows.length > 0;
}

/** Subscription states Stripe can still cancel (anything not ended for good). */
const ENDED = ['canceled', 'incomplete_expired'];

export interface CancellableSubscription {
  subscriptionId: string;
  customerId: string;
  trialEnd: number | null;
  currentPeriodEnd: number | null;
  productId: string | null;
}

// The user's customers: the subscriptions of a customer may arrive before they are linked to the user.
const MY_CUSTOMERS = 'SELECT customer_id FROM stripe_customers WHERE uid = $1';

/** The user's subscriptions that are not over yet: cancelled before the account is deleted. */
export async function cancellableSubscriptions(db: Queryable, uid: string): Promise<CancellableSubscription[]> {
  const { rows } = await db.query<{
    subscription_id: string;
    customer_id: string;
    trial_end: string | number | null;
    current_period_end: string | number | null;
    product_id: string | null;
  }>(
    `SELECT subscription_id, customer_id, trial_end, current_period_end, product_id FROM subscriptions
      WHERE (uid = $1 OR customer_id IN (${MY_CUSTOMERS})) AND NOT (status = ANY($2))
      ORDER BY subscription_id`,
    [uid, ENDED],
  );
  const seconds = (value: string | number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    trialEnd: seconds(row.trial_end),
    currentPeriodEnd: seconds(row.current_period_end),
    productId: row.product_id,
  }));
}

/** What a user is told of their deletion under way. */
export function deletionState(row: { identity_deleted: boolean; started_at: Date | string; failed: boolean }) {
  return {
    state: row.failed ? ('failed' as const) : ('in_progress' as const),
    step: row.identity_deleted ? ('data' as const) : ('identity' as const),
    startedAt: new Date(row.started_at).toISOString(),
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Everything the service holds about the user, as JSON. Rows kept under an email address
 * (contact messages, the newsletter) are the user's only when Firebase has verified that the
 * address is theirs: anyone can sign up with someone else's address without verifying it.
 */
export async function exportAccountData(db: Database, user: VerifiedUser) {
  const { uid } = user;
  const verifiedEmail = user.emailVerified && user.email ? user.email : null;
  // One transaction: the parts agree with each other (one snapshot on PostgreSQL's repeatable read).
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const account = await tx.query<{ uid: string; email: string | null; created_at: Date; updated_at: Date }>(
      'SELECT uid, email, created_at, updated_at FROM users WHERE uid = $1',
      [uid],
    );
    const customers = await tx.query<{ customer_id: string; created_at: Date }>('SELECT customer_id, created_at FROM stripe_customers WHERE uid = $1 ORDER BY created_at', [uid]);
    const subscriptions = await tx.query<{
      subscription_id: string;
      customer_id: string;
      status: string;
      product_id: string | null;
      product_name: string | null;
      trial_end: string | number | null;
      current_period_end: string | number | null;
      updated_at: Date;
    }>(
      `SELECT s.subscription_id, s.customer_id, s.status, s.product_id, p.name AS product_name, s.trial_end, s.current_period_end, s.updated_at
         FROM subscriptions s LEFT JOIN stripe_products p ON p.product_id = s.product_id
        WHERE s.uid = $1 OR s.customer_id IN (${MY_CUSTOMERS})
        ORDER BY s.updated_at`,
      [uid],
    );
    const pending = await tx.query<{ session_id: string; customer_id: string; email: string | null; received_at: Date }>(
      'SELECT session_id, customer_id, email, received_at FROM pending_checkouts WHERE uid = $1 ORDER BY received_at',
      [uid],
    );
    const device = await tx.query<{ device_id: string; device_name: string; linked_at: Date }>('SELECT device_id, device_name, linked_at FROM devices WHERE uid = $1', [uid]);
    const messages = verifiedEmail
      ? await tx.query<{ id: string | number; firstname: string; lastname: string; email: string; subject: string; message: string; created_at: Date }>(
          'SELECT id, firstname, lastname, email, subject, message, created_at FROM contact_messages WHERE lower(email) = lower($1) ORDER BY created_at, id',
          [verifiedEmail],
        )
      : null;
    const newsletter = verifiedEmail
      ? await tx.query<{ email: string; status: string; created_at: Date; confirmed_at: Date | null }>(
          'SELECT email, status, created_at, confirmed_at FROM newsletter_subscriptions WHERE email = lower($1)',
          [verifiedEmail],
        )
      : null;
    // Mail kept in the outbox to the user, or about them (their forwarded messages): as it was sent.
    const mails = verifiedEmail
      ? await tx.query<{ id: string | number; mail: { to?: string; subject?: string; text?: string } | string; created_at: Date; sent_at: Date | null }>(
          `SELECT id, mail, created_at, sent_at FROM mail_outbox
            WHERE lower(mail->>'to') = lower($1) OR lower(mail->'replyTo'->>'address') = lower($1) ORDER BY created_at, id`,
          [verifiedEmail],
        )
      : null;
    const deletion = await tx.query<{ identity_deleted: boolean; started_at: Date; failed: boolean; attempts: number }>(
      'SELECT identity_deleted_at IS NOT NULL AS identity_deleted, started_at, failed_at IS NOT NULL AS failed, attempts FROM account_deletions WHERE uid = $1',
      [uid],
    );
    const user_ = account.rows[0];
    const linked = device.rows[0];
    const subscribed = newsletter?.rows[0];
    const deleting = deletion.rows[0];
    return {
      exportedAt: new Date().toISOString(),
      account: user_ ? { uid: user_.uid, email: user_.email, createdAt: iso(user_.created_at), updatedAt: iso(user_.updated_at) } : null,
      stripeCustomers: customers.rows.map((row) => ({ customerId: row.customer_id, createdAt: iso(row.created_at) })),
      subscriptions: subscriptions.rows.map((row) => ({
        subscriptionId: row.subscription_id,
        customerId: row.customer_id,
        status: row.status,
        productId: row.product_id,
        productName: row.product_name,
        plan: planOf(row.product_id),
        trialEnd: row.trial_end === null ? null : Number(row.trial_end),
        currentPeriodEnd: row.current_period_end === null ? null : Number(row.current_period_end),
        updatedAt: iso(row.updated_at),
      })),
      pendingCheckouts: pending.rows.map((row) => ({ sessionId: row.session_id, customerId: row.customer_id, email: row.email, receivedAt: iso(row.received_at) })),
      device: linked ? { deviceId: linked.device_id, deviceName: linked.device_name, linkedAt: iso(linked.linked_at) } : null,
      /** False: the two lists below are not shown, since the address is not proven to be the user's. */
      emailVerified: verifiedEmail !== null,
      contactMessages: (messages?.rows ?? []).map((row) => ({
        id: String(row.id),
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        subject: row.subject,
        message: row.message,
        createdAt: iso(row.created_at),
      })),
      newsletterSubscription: subscribed
        ? { email: subscribed.email, status: subscribed.status, createdAt: iso(subscribed.created_at), confirmedAt: iso(subscribed.confirmed_at) }
        : null,
      mails: (mails?.rows ?? []).map((row) => {
        const mail = typeof row.mail === 'string' ? (JSON.parse(row.mail) as { to?: string; subject?: string; text?: string }) : row.mail;
        return { id: String(row.id), to: mail.to ?? null, subject: mail.subject ?? null, text: mail.text ?? null, createdAt: iso(row.created_at), sentAt: iso(row.sent_at) };
      }),
      /** A deletion of the account under way (or one that failed and is being looked into): its state, as the account page shows it. */
      accountDeletion: deleting ? deletionState(deleting) : null,
    };
  });
}

/**
 * Removes every row of the user, in the caller's transaction, and remembers the deletion (the
 * uid's hash, the customers' ids) so that nothing brings the data back: a token issued before,
 * or a late Stripe event. Idempotent: a second run finds nothing and changes nothing.
 */
export async function eraseAccountData(tx: Queryable, user: VerifiedUser): Promise<void> {
  const { uid } = user;
  // A checkout arriving now either finds the user (and is removed here) or finds it erased.
  await lockUserLinking(tx, uid);
  const { rows: customers } = await tx.query<{ customer_id: string }>('DELETE FROM stripe_customers WHERE uid = $1 RETURNING customer_id', [uid]);
  const { rows: pending } = await tx.query<{ customer_id: string }>('DELETE FROM pending_checkouts WHERE uid = $1 RETURNING customer_id', [uid]);
  const customerIds = [...new Set([...customers, ...pending].map((row) => row.customer_id))];
  await tx.query('DELETE FROM subscriptions WHERE uid = $1 OR customer_id = ANY($2)', [uid, customerIds]);
  if (customerIds.length > 0) {
    await tx.query('INSERT INTO erased_customers (customer_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [customerIds]);
  }
  await tx.query('DELETE FROM devices WHERE uid = $1', [uid]);
  if (user.emailVerified && user.email) {
    await tx.query('DELETE FROM contact_messages WHERE lower(email) = lower($1)', [user.email]);
    await tx.query('DELETE FROM newsletter_subscriptions WHERE email = lower($1)', [user.email]);
    // The outbox's copies: mail to the user, and their forwarded messages (their words, their address).
    await tx.query("DELETE FROM mail_outbox WHERE lower(mail->>'to') = lower($1) OR lower(mail->'replyTo'->>'address') = lower($1)", [user.email]);
  }
  await tx.query('DELETE FROM users WHERE uid = $1', [uid]);
  await tx.query('INSERT INTO erased_accounts (uid_hash) VALUES ($1) ON CONFLICT DO NOTHING', [erasedKey(uid)]);
}
