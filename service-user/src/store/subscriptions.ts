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

/** One of the user's subscriptions, with its product's name as Stripe last sent it. */
export interface SubscriptionRow {
  status: string;
  trial_end: string | number | null;
  cancel_at: string | number | null;
  product_id: string | null;
  product_name: string | null;
  last_event_at: string | number;
}

/**
 * The user's subscriptions (a few rows at most), read by the index on uid, each with its product's
 * name: what userInfo and subscriptionInfo both show, read once for a page that shows both
 * (POST /page-reads). Which one is current is chosen here, not by the query: PGlite plans every
 * statement afresh, and a join ordered by `status = ANY($2)` cost it about twice this statement
 * (0.30–0.42 ms a read against 0.16–0.19, measured 5,000 times each in one process).
 */
export async function subscriptionRows(db: Queryable, uid: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT s.status, s.trial_end, s.cancel_at, s.product_id, s.last_event_at,
            (SELECT p.name FROM stripe_products p WHERE p.product_id = s.product_id) AS product_name
       FROM subscriptions s
      WHERE s.uid = $1`,
    [uid],
  );
  return rows;
}

/**
 * The statuses of the user's subscriptions alone, read by the index on uid: what userInfo shows
 * when the current subscription is not read besides (on PGlite this costs what reading one row by
 * primary key costs, where two EXISTS with an array parameter cost half as much again).
 */
export async function subscriptionStatuses(db: Queryable, uid: string): Promise<Pick<SubscriptionRow, 'status'>[]> {
  const { rows } = await db.query<Pick<SubscriptionRow, 'status'>>('SELECT status FROM subscriptions WHERE uid = $1', [uid]);
  return rows;
}

/** Whether the user has had a subscription, and whether one is live now. */
export function userInfoOf(rows: Pick<SubscriptionRow, 'status'>[]): UserInfo {
  return { trialActivated: rows.length > 0, subscriptionActive: rows.some((row) => ACTIVE.includes(row.status)) };
}

/** The user's current subscription: a live one first, else the latest (by the last event Stripe sent of it). */
export function subscriptionInfoOf(rows: SubscriptionRow[], productNames: Record<string, string> = {}): SubscriptionInfo {
  const rank = (row: SubscriptionRow) => (ACTIVE.includes(row.status) ? 1 : 0);
  const row = rows.reduce<SubscriptionRow | undefined>(
    (best, next) => (!best || rank(next) > rank(best) || (rank(next) === rank(best) && Number(next.last_event_at) > Number(best.last_event_at)) ? next : best),
    undefined,
  );
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
