import type { Queryable } from '../db/database';
import { planOf, type LocalPlan } from '../stripe/localCheckout';

export interface SubscriptionInfo {
  isActive: boolean;
  isTrial: boolean;
  trialEndTimestamp: number | null;
  productName: string | null;
  /** One of the site's own local plans (its words are translated by the pages), else null. */
  plan: LocalPlan | null;
  /** When a live subscription that will not renew ends (seconds); null when it renews or is not live. */
  cancelAt: number | null;
}

const ACTIVE = ['active', 'trialing'];

/** trialActivated: the user has had a subscription (trial included), whatever its state now. */
export async function trialActivated(db: Queryable, uid: string): Promise<boolean> {
  const { rows } = await db.query<{ had: boolean }>('SELECT EXISTS (SELECT 1 FROM subscriptions WHERE uid = $1) AS had', [uid]);
  return rows[0]?.had === true;
}

export interface UserInfo {
  trialActivated: boolean;
  /** A subscription is live now (active or trialing): pricing has nothing new to offer. */
  subscriptionActive: boolean;
}

/**
 * The statuses of the user's subscriptions (a few rows at most), read by the index on uid: on
 * PGlite this costs what reading one row by primary key costs, where two EXISTS with an array
 * parameter cost half as much again (bench/load.ts's profile).
 */
export async function userInfo(db: Queryable, uid: string): Promise<UserInfo> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM subscriptions WHERE uid = $1', [uid]);
  return { trialActivated: rows.length > 0, subscriptionActive: rows.some((row) => ACTIVE.includes(row.status)) };
}

/** The user's current subscription: a live one first, else the latest. */
export async function subscriptionInfo(db: Queryable, uid: string, productNames: Record<string, string> = {}): Promise<SubscriptionInfo> {
  const { rows } = await db.query<{
    status: string;
    trial_end: string | number | null;
    cancel_at: string | number | null;
    product_id: string | null;
    product_name: string | null;
  }>(
    `SELECT s.status, s.trial_end, s.cancel_at, s.product_id, p.name AS product_name
       FROM subscriptions s LEFT JOIN stripe_products p ON p.product_id = s.product_id
      WHERE s.uid = $1
      ORDER BY (s.status = ANY($2)) DESC, s.last_event_at DESC
      LIMIT 1`,
    [uid, ACTIVE],
  );
  const row = rows[0];
  if (!row) return { isActive: false, isTrial: false, trialEndTimestamp: null, productName: null, plan: null, cancelAt: null };
  const isActive = ACTIVE.includes(row.status);
  return {
    isActive,
    isTrial: row.status === 'trialing',
    trialEndTimestamp: row.trial_end === null ? null : Number(row.trial_end),
    productName: (row.product_id && productNames[row.product_id]) || row.product_name || null,
    plan: planOf(row.product_id),
    cancelAt: isActive && row.cancel_at !== null ? Number(row.cancel_at) : null,
  };
}
