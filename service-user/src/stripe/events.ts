import Stripe from 'stripe';
import { z } from 'zod';
import { deadlineRemainingMs, type Database, type Queryable } from '../db/database';
import { keepPendingCheckout, linkCustomer, lockUserLinking } from '../store/customers';
import { findUser } from '../store/users';
import { isErased } from '../store/accountData';

export type Outcome =
  | 'duplicate'
  | 'linked'
  | 'pending_user'
  | 'subscription_saved'
  | 'subscription_stale'
  | 'product_saved'
  | 'ignored_type'
  | 'ignored_incomplete'
  | 'ignored_email_mismatch'
  | 'ignored_erased';

/** Signed by Stripe, but not an object this service can apply: answered 400, recorded nowhere. */
export class InvalidEventError extends Error {
  override name = 'InvalidEventError';
}

/** Stripe's API did not answer while an event needed it: nothing is recorded, so Stripe retries. */
export class StripeUnavailableError extends Error {
  override name = 'StripeUnavailableError';
}

/** The part of Stripe's API the events read: a subscription's state as it is now. */
export type SubscriptionReader = Pick<Stripe['subscriptions'], 'retrieve'>;

// Events of one second are ordered by what they mean: a deletion is final.
const RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

// The fields of each object this service reads, as Stripe documents them; the rest is ignored.
const id = z.string().min(1);
const reference = z.union([z.string(), z.looseObject({ id })]).nullish();
const checkoutSchema = z.looseObject({
  id,
  client_reference_id: z.string().nullish(),
  customer: reference,
  customer_email: z.string().nullish(),
  customer_details: z.looseObject({ email: z.string().nullish() }).nullish(),
});
const productSchema = z.looseObject({ id, name: z.string() });
const subscriptionSchema = z.looseObject({
  id,
  customer: reference,
  status: z.string().min(1),
  trial_end: z.number().nullish(),
  current_period_end: z.number().nullish(),
  cancel_at: z.number().nullish(),
  cancel_at_period_end: z.boolean().nullish(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          current_period_end: z.number().nullish(),
          price: z.looseObject({ product: z.union([z.string(), z.looseObject({ id, name: z.string().optional() })]).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});
type Checkout = z.infer<typeof checkoutSchema>;
type Subscription = z.infer<typeof subscriptionSchema>;

const SCHEMAS: Record<string, z.ZodType> = {
  'checkout.session.completed': checkoutSchema,
  'customer.subscription.created': subscriptionSchema,
  'customer.subscription.updated': subscriptionSchema,
  'customer.subscription.deleted': subscriptionSchema,
  'product.created': productSchema,
  'product.updated': productSchema,
};

function parseObject<T>(schema: z.ZodType<T>, object: unknown, what: string): T {
  const parsed = schema.safeParse(object);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(object)').join(', ');
  throw new InvalidEventError(`${what}: invalid or missing fields: ${fields}`);
}

/** Refuses, before anything is recorded, an event whose object this service cannot read. */
export function checkEvent(event: Stripe.Event): void {
  const { id: eventId, created } = event as { id?: unknown; created?: unknown };
  if (typeof eventId !== 'string' || eventId.length === 0 || typeof created !== 'number') {
    throw new InvalidEventError('the event has no id or no created time');
  }
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof object !== 'object' || object === null) throw new InvalidEventError(`${event.type}: data.object is missing`);
  const schema = SCHEMAS[event.type];
  if (schema) parseObject(schema, object, event.type);
}

async function eventRecorded(db: Queryable, eventId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM stripe_events WHERE event_id = $1', [eventId]);
  return rows.length > 0;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

async function linkCheckout(tx: Queryable, session: Checkout): Promise<Outcome> {
  const uid = session.client_reference_id;
  const customerId = idOf(session.customer);
  if (!uid || !customerId) return 'ignored_incomplete';
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  await lockUserLinking(tx, uid);
  // The user deleted the account: a checkout of theirs arriving late keeps nothing of them.
  if (await isErased(tx, uid)) return 'ignored_erased';
  const user = await findUser(tx, uid);
  if (!user) {
    // Paid before registering (or the registration is still on its way): linked when it arrives.
    await keepPendingCheckout(tx, { sessionId: session.id, uid, customerId, email });
    return 'pending_user';
  }
  return linkCustomer(tx, user, customerId, email);
}

async function saveProduct(tx: Queryable, product: { id: string; name: string }, at: number) {
  await tx.query(
    `INSERT INTO stripe_products (product_id, name, last_event_at) VALUES ($1, $2, $3)
     ON CONFLICT (product_id) DO UPDATE SET name = EXCLUDED.name, last_event_at = EXCLUDED.last_event_at
     WHERE stripe_products.last_event_at <= EXCLUDED.last_event_at`,
    [product.id, product.name, at],
  );
}

// Stripe's API is read while no transaction is open: bounded all the same (and by the request's
// deadline), no retry (Stripe sends the event again when the webhook answers 503).
const STRIPE_READ_TIMEOUT_MS = 5_000;

/** A subscription's state read from Stripe's API, and the turn of that read among all reads. */
interface ReadSubscription {
  state: Subscription;
  /** False when Stripe no longer has it: the state is the event's own. */
  fromApi: boolean;
  ticket: number;
}

/**
 * The subscription as Stripe holds it now (Stripe promises no order between events, and two
 * events of one second cannot be ordered from their contents). A subscription Stripe no longer
 * has is taken from the event. The read takes a ticket before it starts and holds nothing while
 * Stripe answers: a later read sees every change an earlier one saw, so the state stored is the
 * one of the latest read started (saveSubscription compares tickets).
 */
async function currentSubscription(db: Queryable, reader: SubscriptionReader, fromEvent: Subscription): Promise<ReadSubscription> {
  const { rows } = await db.query<{ ticket: string | number }>("SELECT nextval('subscription_read_tickets') AS ticket");
  const ticket = Number(rows[0]!.ticket);
  const timeout = Math.min(STRIPE_READ_TIMEOUT_MS, deadlineRemainingMs() ?? STRIPE_READ_TIMEOUT_MS);
  try {
    const current = await reader.retrieve(fromEvent.id, { expand: ['items.data.price.product'] }, { timeout, maxNetworkRetries: 0 });
    return { state: parseObject(subscriptionSchema, current, `subscription ${fromEvent.id} from Stripe's API`), fromApi: true, ticket };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return { state: fromEvent, fromApi: false, ticket };
    if (error instanceof InvalidEventError) throw error;
    throw new StripeUnavailableError(`Stripe's API did not return subscription ${fromEvent.id}`, { cause: error });
  }
}

async function saveSubscription(tx: Queryable, event: Stripe.Event, fromEvent: Subscription, read: ReadSubscription | null): Promise<Outcome> {
  // From the API the state is the newest there is: stored whatever the order of the events, unless a later read stored its own.
  const sub = read ? read.state : fromEvent;
  const customerId = idOf(sub.customer);
  if (!customerId) return 'ignored_incomplete';
  // The customer of a deleted account (its cancellation's event comes after the deletion).
  const { rows: erased } = await tx.query('SELECT 1 FROM erased_customers WHERE customer_id = $1', [customerId]);
  if (erased.length > 0) return 'ignored_erased';
  const item = sub.items?.data?.[0];
  const product = item?.price?.product;
  if (product && typeof product === 'object' && typeof product.name === 'string') {
    await saveProduct(tx, { id: product.id, name: product.name }, event.created);
  }
  const periodEnd = item?.current_period_end ?? sub.current_period_end ?? null;
  // Cancelled at the period end (the portal's default), or at a date Stripe names: live until then.
  const cancelAt = sub.cancel_at ?? (sub.cancel_at_period_end ? periodEnd : null);
  // A deletion's own object may still say what it was; the API's says canceled already.
  const status = event.type === 'customer.subscription.deleted' && !read?.fromApi ? 'canceled' : sub.status;
  const { rows: owner } = await tx.query<{ uid: string }>('SELECT uid FROM stripe_customers WHERE customer_id = $1', [customerId]);
  const uid = owner[0]?.uid ?? null;

  const { rows } = await tx.query(
    `INSERT INTO subscriptions
       (subscription_id, customer_id, uid, status, trial_end, current_period_end, product_id, last_event_at, last_event_rank, cancel_at, read_ticket)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11, $10)
     ON CONFLICT (subscription_id) DO UPDATE SET
       customer_id = EXCLUDED.customer_id,
       uid = COALESCE(subscriptions.uid, EXCLUDED.uid),
       status = EXCLUDED.status,
       trial_end = EXCLUDED.trial_end,
       current_period_end = EXCLUDED.current_period_end,
       product_id = EXCLUDED.product_id,
       cancel_at = EXCLUDED.cancel_at,
       last_event_at = GREATEST(subscriptions.last_event_at, EXCLUDED.last_event_at),
       last_event_rank = EXCLUDED.last_event_rank,
       read_ticket = EXCLUDED.read_ticket,
       updated_at = now()
     WHERE CASE WHEN $10::bigint IS NULL
       THEN (subscriptions.last_event_at, subscriptions.last_event_rank) <= (EXCLUDED.last_event_at, EXCLUDED.last_event_rank)
       ELSE subscriptions.read_ticket IS NULL OR subscriptions.read_ticket < $10::bigint END
     RETURNING subscription_id`,
    [sub.id, customerId, uid, status, sub.trial_end ?? null, periodEnd, idOf(product), event.created, RANK[event.type] ?? 0, read?.ticket ?? null, cancelAt],
  );
  if (rows.length > 0) return 'subscription_saved';
  // An older event (or read) than what is stored: it changes nothing, but may still tell who the owner is.
  if (uid) await tx.query('UPDATE subscriptions SET uid = $1 WHERE subscription_id = $2 AND uid IS NULL', [uid, sub.id]);
  return 'subscription_stale';
}

const SUBSCRIPTION_EVENTS = new Set(Object.keys(RANK));

/**
 * Applies one verified Stripe event. The event id is recorded in the same transaction as the
 * change it makes: a replay changes nothing, and a failure leaves no trace, so Stripe retries.
 * With `subscriptions` (a Stripe secret key is configured), subscription events store the state
 * read from Stripe's API, read before the transaction (no connection or lock is held while
 * Stripe answers); without it, the newest event wins.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event, { subscriptions = null }: { subscriptions?: SubscriptionReader | null } = {}): Promise<Outcome> {
  checkEvent(event);
  const object: unknown = event.data.object;
  let read: ReadSubscription | null = null;
  if (subscriptions && SUBSCRIPTION_EVENTS.has(event.type)) {
    // A replay asks Stripe nothing (one delivered twice at once is told apart in the transaction).
    if (await eventRecorded(db, event.id)) return 'duplicate';
    read = await currentSubscription(db, subscriptions, subscriptionSchema.parse(object));
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('INSERT INTO stripe_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING RETURNING event_id', [event.id, event.type]);
    if (rows.length === 0) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        return linkCheckout(tx, checkoutSchema.parse(object));
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return saveSubscription(tx, event, subscriptionSchema.parse(object), read);
      case 'product.created':
      case 'product.updated':
        await saveProduct(tx, productSchema.parse(object), event.created);
        return 'product_saved';
      default:
        return 'ignored_type';
    }
  });
}
