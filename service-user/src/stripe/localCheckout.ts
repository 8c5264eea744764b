import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Queryable } from '../db/database';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { FULL_PLAN_PRICE_LEI, TRIAL_DAYS } from '@site/contract/plans';

/** The plans a local checkout can sell: the site's own plans (docs/product.md, "Plans and constants") that have a checkout. */
export const LOCAL_PLANS = {
  trial: { productId: 'prod_local_free_trial', productName: 'Free Trial', priceId: 'price_local_free_trial', unitAmount: 0 },
  full: { productId: 'prod_local_full', productName: 'Full plan', priceId: 'price_local_full', unitAmount: FULL_PLAN_PRICE_LEI * 100 },
} as const;
export type LocalPlan = keyof typeof LOCAL_PLANS;

/** The local plan a product is, if it is one. */
export const planOf = (productId: string | null): LocalPlan | null => (Object.keys(LOCAL_PLANS) as LocalPlan[]).find((plan) => LOCAL_PLANS[plan].productId === productId) ?? null;

const DAY_SECONDS = 86_400;
export const MONTH_SECONDS = 30 * DAY_SECONDS;

/** One event the local billing or portal sends: its type, its object and, for an update, what changed. */
export interface LocalEvent {
  type: string;
  object: Record<string, unknown>;
  previousAttributes?: Record<string, unknown>;
}

/** The customer Stripe would reuse for a returning user, or a new one. */
async function customerFor(db: Queryable, uid: string): Promise<string> {
  const { rows } = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE uid = $1 LIMIT 1', [uid]);
  return rows[0]?.customer_id ?? `cus_local_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
}

/**
 * The events Stripe sends when a pricing-table checkout completes, in the order it sends them:
 * the product, the completed checkout (client_reference_id = uid), the new subscription
 * (trialing for TRIAL_DAYS on the trial plan, active on the full plan).
 */
export async function localCheckoutEvents(db: Queryable, user: VerifiedUser, plan: LocalPlan, now = Math.floor(Date.now() / 1000)): Promise<LocalEvent[]> {
  const { productId, productName, priceId, unitAmount } = LOCAL_PLANS[plan];
  const customer = await customerFor(db, user.uid);
  const subscription = `sub_local_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const trialEnd = plan === 'trial' ? now + TRIAL_DAYS * DAY_SECONDS : null;
  const periodEnd = trialEnd ?? now + MONTH_SECONDS;
  return [
    { type: 'product.created', object: { id: productId, object: 'product', name: productName, active: true, livemode: false } },
    {
      type: 'checkout.session.completed',
      object: {
        id: `cs_local_${randomUUID().replace(/-/g, '')}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: unitAmount === 0 ? 'no_payment_required' : 'paid',
        client_reference_id: user.uid,
        customer,
        customer_email: user.email,
        customer_details: { email: user.email },
        subscription,
        livemode: false,
      },
    },
    {
      type: 'customer.subscription.created',
      object: {
        id: subscription,
        object: 'subscription',
        customer,
        status: plan === 'trial' ? 'trialing' : 'active',
        trial_end: trialEnd,
        livemode: false,
        items: {
          object: 'list',
          data: [
            {
              id: `si_local_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
              object: 'subscription_item',
              current_period_end: periodEnd,
              price: { id: priceId, object: 'price', product: productId, unit_amount: unitAmount, currency: 'ron', recurring: { interval: 'month' } },
            },
          ],
        },
      },
    },
  ];
}

/** One event as Stripe would deliver it: its JSON and the Stripe-Signature header for it. */
export function signEvent(
  stripe: Stripe,
  secret: string,
  { type, object, previousAttributes }: LocalEvent,
  created = Math.floor(Date.now() / 1000),
): { payload: string; signature: string } {
  const event = {
    id: `evt_local_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2025-01-01',
    created,
    livemode: false,
    type,
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
  };
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/**
 * The event Stripe sends when a subscription is cancelled at once (`subscriptions.cancel`): the
 * local billing's cancellation, delivered through the same webhook as its checkouts.
 */
export function localCancellationEvent(
  subscription: { subscriptionId: string; customerId: string; trialEnd: number | null; currentPeriodEnd: number | null; productId: string | null },
  now = Math.floor(Date.now() / 1000),
): { type: 'customer.subscription.deleted'; object: Record<string, unknown> } {
  return {
    type: 'customer.subscription.deleted',
    object: {
      id: subscription.subscriptionId,
      object: 'subscription',
      customer: subscription.customerId,
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      trial_end: subscription.trialEnd,
      livemode: false,
      items: {
        object: 'list',
        data: [{ object: 'subscription_item', current_period_end: subscription.currentPeriodEnd, price: { object: 'price', product: subscription.productId } }],
      },
    },
  };
}
