import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { LOCAL_PLANS, MONTH_SECONDS, planOf, type LocalEvent, type LocalPlan } from './localCheckout';

const LIVE = ['active', 'trialing'];

/** The user's subscription as stored from the webhook's events: what the local portal shows and changes. */
export interface StoredSubscription {
  id: string;
  customer: string;
  status: string;
  trialEnd: number | null;
  currentPeriodEnd: number | null;
  cancelAt: number | null;
  productId: string | null;
  productName: string | null;
}

/** What the local portal page shows: the user's current subscription (null: none) and the plans it can switch to. */
export interface LocalPortalState {
  subscription: {
    id: string;
    status: string;
    live: boolean;
    plan: LocalPlan | null;
    productName: string | null;
    currentPeriodEnd: number | null;
    cancelAt: number | null;
  } | null;
  /** The plans a switch may choose: a live subscription's other plans, the free trial never (it is once per account). */
  switchTo: LocalPlan[];
}

const asNumber = (value: string | number | null) => (value === null ? null : Number(value));
const shortId = () => randomUUID().replace(/-/g, '').slice(0, 14);

export const isLive = (subscription: StoredSubscription) => LIVE.includes(subscription.status);

/** The user's subscription: a given one (only if it is theirs), else a live one first, else the latest. */
export async function storedSubscription(db: Queryable, uid: string, subscriptionId?: string): Promise<StoredSubscription | null> {
  const { rows } = await db.query<{
    subscription_id: string;
    customer_id: string;
    status: string;
    trial_end: string | number | null;
    current_period_end: string | number | null;
    cancel_at: string | number | null;
    product_id: string | null;
    product_name: string | null;
  }>(
    `SELECT s.subscription_id, s.customer_id, s.status, s.trial_end, s.current_period_end, s.cancel_at, s.product_id, p.name AS product_name
       FROM subscriptions s LEFT JOIN stripe_products p ON p.product_id = s.product_id
      WHERE s.uid = $1 AND ($2::text IS NULL OR s.subscription_id = $2)
      ORDER BY (s.status = ANY($3)) DESC, s.last_event_at DESC
      LIMIT 1`,
    [uid, subscriptionId ?? null, LIVE],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.subscription_id,
    customer: row.customer_id,
    status: row.status,
    trialEnd: asNumber(row.trial_end),
    currentPeriodEnd: asNumber(row.current_period_end),
    cancelAt: asNumber(row.cancel_at),
    productId: row.product_id,
    productName: row.product_name,
  };
}

export async function productKnown(db: Queryable, productId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM stripe_products WHERE product_id = $1', [productId]);
  return rows.length > 0;
}

export function portalState(subscription: StoredSubscription | null): LocalPortalState {
  if (!subscription) return { subscription: null, switchTo: [] };
  const live = isLive(subscription);
  const plan = planOf(subscription.productId);
  return {
    subscription: {
      id: subscription.id,
      status: subscription.status,
      live,
      plan,
      productName: subscription.productName,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAt: live ? subscription.cancelAt : null,
    },
    switchTo: live ? (Object.keys(LOCAL_PLANS) as LocalPlan[]).filter((p) => p !== plan && p !== 'trial') : [],
  };
}

/** The subscription object Stripe sends in customer.subscription.* events, as the portal leaves it. */
function subscriptionObject(
  sub: StoredSubscription,
  changes: {
    status?: string;
    trialEnd?: number | null;
    periodEnd?: number | null;
    cancelAt?: number | null;
    canceledAt?: number | null;
    endedAt?: number | null;
    productId?: string | null;
  },
) {
  const productId = changes.productId !== undefined ? changes.productId : sub.productId;
  const plan = planOf(productId);
  const cancelAt = changes.cancelAt !== undefined ? changes.cancelAt : sub.cancelAt;
  const periodEnd = changes.periodEnd !== undefined ? changes.periodEnd : sub.currentPeriodEnd;
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: changes.status ?? sub.status,
    trial_end: changes.trialEnd !== undefined ? changes.trialEnd : sub.trialEnd,
    cancel_at: cancelAt,
    cancel_at_period_end: cancelAt !== null && cancelAt === periodEnd,
    canceled_at: changes.canceledAt ?? null,
    ended_at: changes.endedAt ?? null,
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.replace(/^sub_/, '')}`,
          object: 'subscription_item',
          current_period_end: periodEnd,
          price: plan
            ? { id: LOCAL_PLANS[plan].priceId, object: 'price', product: productId, unit_amount: LOCAL_PLANS[plan].unitAmount, currency: 'ron', recurring: { interval: 'month' } }
            : { object: 'price', product: productId },
        },
      ],
    },
  };
}

/**
 * Switching plan, as Stripe's portal does it: the item's price changes; a trial ends now and a
 * new monthly period starts. The product's own event comes first if the service has never had it
 * (Stripe sent it when the product was made, before any checkout).
 */
export async function switchPlanEvents(db: Queryable, sub: StoredSubscription, plan: LocalPlan, now: number): Promise<LocalEvent[]> {
  const { productId, productName } = LOCAL_PLANS[plan];
  const product: LocalEvent[] = (await productKnown(db, productId))
    ? []
    : [{ type: 'product.created', object: { id: productId, object: 'product', name: productName, active: true, livemode: false } }];
  const trialing = sub.status === 'trialing';
  return [
    ...product,
    {
      type: 'customer.subscription.updated',
      object: subscriptionObject(sub, {
        productId,
        status: 'active',
        trialEnd: trialing ? now : sub.trialEnd,
        periodEnd: trialing ? now + MONTH_SECONDS : sub.currentPeriodEnd,
        // A cancellation scheduled for the old period's end moves with it.
        cancelAt: sub.cancelAt === null ? null : trialing ? now + MONTH_SECONDS : sub.cancelAt,
      }),
      previousAttributes: { status: sub.status, items: { data: [{ price: { product: sub.productId } }] } },
    },
  ];
}

/**
 * Cancelling in the portal: at the period's end (still live until then), or, when that end has
 * already passed, at once (customer.subscription.deleted).
 */
export function cancelEvents(sub: StoredSubscription, now: number): LocalEvent[] {
  const periodEnd = sub.currentPeriodEnd ?? sub.trialEnd;
  if (periodEnd === null || periodEnd <= now) {
    return [{ type: 'customer.subscription.deleted', object: subscriptionObject(sub, { status: 'canceled', canceledAt: now, endedAt: now, cancelAt: null }) }];
  }
  return [
    {
      type: 'customer.subscription.updated',
      object: { ...subscriptionObject(sub, { cancelAt: periodEnd, canceledAt: now }), cancellation_details: { reason: 'cancellation_requested' } },
      previousAttributes: { cancel_at: null, cancel_at_period_end: false, canceled_at: null },
    },
  ];
}

/** Resuming (Stripe's "renew" in the portal): the scheduled end is taken back. */
export function resumeEvents(sub: StoredSubscription): LocalEvent[] {
  return [
    {
      type: 'customer.subscription.updated',
      object: subscriptionObject(sub, { cancelAt: null, canceledAt: null }),
      previousAttributes: { cancel_at: sub.cancelAt, cancel_at_period_end: sub.cancelAt !== null && sub.cancelAt === sub.currentPeriodEnd },
    },
  ];
}

/** The end Stripe applies by itself when a cancelled subscription's period is over. */
export function periodOverEvents(sub: StoredSubscription, now: number): LocalEvent[] {
  return [{ type: 'customer.subscription.deleted', object: subscriptionObject(sub, { status: 'canceled', endedAt: now }) }];
}

/**
 * A simulated card update: Stripe's test card (visa 4242) is attached and made the customer's
 * default, the two events Stripe sends for it. Nothing is charged and no card number is asked for.
 */
export function paymentMethodEvents(user: VerifiedUser, customer: string, now: number): LocalEvent[] {
  const paymentMethod = `pm_local_${shortId()}`;
  const year = new Date(now * 1000).getUTCFullYear() + 3;
  return [
    {
      type: 'payment_method.attached',
      object: { id: paymentMethod, object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year }, livemode: false },
    },
    {
      type: 'customer.updated',
      object: { id: customer, object: 'customer', email: user.email, invoice_settings: { default_payment_method: paymentMethod }, livemode: false },
      previousAttributes: { invoice_settings: { default_payment_method: null } },
    },
  ];
}
