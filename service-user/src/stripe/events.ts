import type Stripe from 'stripe';
import type { Database, Queryable } from '../db/database';
import { findUser } from '../store/users';

export type Outcome =
  | 'duplicate'
  | 'linked'
  | 'subscription_saved'
  | 'subscription_stale'
  | 'product_saved'
  | 'ignored_type'
  | 'ignored_incomplete'
  | 'ignored_unknown_user'
  | 'ignored_email_mismatch';

// Events of one second are ordered by what they mean: a deletion is final.
const RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id ?? null);

async function linkCheckout(tx: Queryable, session: Stripe.Checkout.Session): Promise<Outcome> {
  const uid = session.client_reference_id;
  const customerId = idOf(session.customer);
  if (!uid || !customerId) return 'ignored_incomplete';
  const user = await findUser(tx, uid);
  if (!user) return 'ignored_unknown_user';
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  if (user.email && email && user.email.toLowerCase() !== email.toLowerCase()) return 'ignored_email_mismatch';
  await tx.query('INSERT INTO stripe_customers (customer_id, uid) VALUES ($1, $2) ON CONFLICT (customer_id) DO NOTHING', [customerId, uid]);
  // Subscription events that arrived before the checkout belong to this user too.
  await tx.query('UPDATE subscriptions SET uid = $1 WHERE customer_id = $2 AND uid IS NULL', [uid, customerId]);
  return 'linked';
}

async function saveProduct(tx: Queryable, product: { id: string; name: string }, at: number) {
  await tx.query(
    `INSERT INTO stripe_products (product_id, name, last_event_at) VALUES ($1, $2, $3)
     ON CONFLICT (product_id) DO UPDATE SET name = EXCLUDED.name, last_event_at = EXCLUDED.last_event_at
     WHERE stripe_products.last_event_at <= EXCLUDED.last_event_at`,
    [product.id, product.name, at],
  );
}

async function saveSubscription(tx: Queryable, event: Stripe.Event, sub: Stripe.Subscription): Promise<Outcome> {
  const customerId = idOf(sub.customer);
  if (!customerId) return 'ignored_incomplete';
  const item = sub.items?.data?.[0];
  const product = item?.price?.product;
  if (product && typeof product === 'object' && 'name' in product && typeof product.name === 'string') {
    await saveProduct(tx, { id: product.id, name: product.name }, event.created);
  }
  const periodEnd = item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? null;
  const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
  const { rows: owner } = await tx.query<{ uid: string }>('SELECT uid FROM stripe_customers WHERE customer_id = $1', [customerId]);
  const uid = owner[0]?.uid ?? null;

  const { rows } = await tx.query(
    `INSERT INTO subscriptions
       (subscription_id, customer_id, uid, status, trial_end, current_period_end, product_id, last_event_at, last_event_rank)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (subscription_id) DO UPDATE SET
       customer_id = EXCLUDED.customer_id,
       uid = COALESCE(subscriptions.uid, EXCLUDED.uid),
       status = EXCLUDED.status,
       trial_end = EXCLUDED.trial_end,
       current_period_end = EXCLUDED.current_period_end,
       product_id = EXCLUDED.product_id,
       last_event_at = EXCLUDED.last_event_at,
       last_event_rank = EXCLUDED.last_event_rank,
       updated_at = now()
     WHERE (subscriptions.last_event_at, subscriptions.last_event_rank) <= (EXCLUDED.last_event_at, EXCLUDED.last_event_rank)
     RETURNING subscription_id`,
    [sub.id, customerId, uid, status, sub.trial_end ?? null, periodEnd, idOf(product as string | { id: string } | undefined), event.created, RANK[event.type] ?? 0],
  );
  if (rows.length > 0) return 'subscription_saved';
  // An older event than what is stored: it changes nothing, but may still tell who the owner is.
  if (uid) await tx.query('UPDATE subscriptions SET uid = $1 WHERE subscription_id = $2 AND uid IS NULL', [uid, sub.id]);
  return 'subscription_stale';
}

/**
 * Applies one verified Stripe event. The event id is recorded in the same transaction as the
 * change it makes: a replay changes nothing, and a failure leaves no trace, so Stripe retries.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      'INSERT INTO stripe_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
      [event.id, event.type],
    );
    if (rows.length === 0) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        return linkCheckout(tx, event.data.object);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return saveSubscription(tx, event, event.data.object);
      case 'product.created':
      case 'product.updated':
        await saveProduct(tx, event.data.object, event.created);
        return 'product_saved';
      default:
        return 'ignored_type';
    }
  });
}
