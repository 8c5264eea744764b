import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, requireJson, requireUser } from '../http/middleware';
import { LOCAL_PLANS, planOf, type LocalPlan } from '../stripe/localCheckout';
import {
  cancelEvents,
  isLive,
  paymentMethodEvents,
  periodOverEvents,
  portalState,
  resumeEvents,
  storedSubscription,
  switchPlanEvents,
  type StoredSubscription,
} from '../stripe/localPortal';
import type { VerifiedUser } from '../identity/verifyIdToken';
import { ensureUser } from '../store/users';
import { deliverEvents, localBillingOnly, type SelfRequest } from './localBilling';

const subscriptionId = z.string().min(1).max(255);
const updateBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('switch_plan'), subscription: subscriptionId, plan: z.enum(Object.keys(LOCAL_PLANS) as [LocalPlan, ...LocalPlan[]]) }),
  z.object({ action: z.literal('cancel'), subscription: subscriptionId }),
  z.object({ action: z.literal('resume'), subscription: subscriptionId }),
  z.object({ action: z.literal('update_payment_method'), subscription: subscriptionId }),
]);
type Update = z.infer<typeof updateBody>;

const now = () => Math.floor(Date.now() / 1000);

/**
 * The local customer portal, beside local billing and under its rule (local mode, no Stripe key;
 * 404 otherwise): what Stripe's portal lets a customer do, each change made by the events Stripe
 * would send, signed and delivered to POST /stripe/webhook. What the user then sees is what the
 * webhook stored.
 */
export function localPortalRoutes(deps: Deps, selfRequest: SelfRequest) {
  const { db, verifyToken, config, logger } = deps;
  const auth = requireUser(verifyToken);

  /** The user's subscription; one whose cancellation has come due ends first, as Stripe ends it. */
  async function current(user: VerifiedUser, id?: string): Promise<StoredSubscription | null> {
    const sub = await storedSubscription(db, user.uid, id);
    if (sub && isLive(sub) && sub.cancelAt !== null && sub.cancelAt <= now()) {
      await deliverEvents(deps, selfRequest, periodOverEvents(sub, now()));
      return storedSubscription(db, user.uid, sub.id);
    }
    return sub;
  }

  async function eventsFor(user: VerifiedUser, sub: StoredSubscription, update: Update) {
    if (update.action === 'update_payment_method') return paymentMethodEvents(user, sub.customer, now());
    if (!isLive(sub)) throw new ApiError(409, 'subscription_not_active', 'This subscription has ended: choose a plan on the pricing page.');
    switch (update.action) {
      case 'switch_plan':
        if (planOf(sub.productId) === update.plan) throw new ApiError(409, 'plan_unchanged', 'The subscription is on this plan already.');
        if (update.plan === 'trial') throw new ApiError(409, 'trial_already_used', 'The free trial has already been used on this account.');
        return switchPlanEvents(db, sub, update.plan, now());
      case 'cancel':
        if (sub.cancelAt !== null) throw new ApiError(409, 'already_cancelled', 'This subscription is already cancelled at the end of its period.');
        return cancelEvents(sub, now());
      case 'resume':
        if (sub.cancelAt === null) throw new ApiError(409, 'not_cancelled', 'This subscription is not cancelled: there is nothing to resume.');
        return resumeEvents(sub);
    }
  }

  return new Hono<AppEnv>()
    .post('/local-billing/portal', localBillingOnly(config), auth, async (c) => {
      const user = c.get('user');
      await ensureUser(db, user, logger);
      return c.json(portalState(await current(user)));
    })
    .post('/local-billing/portal/update', localBillingOnly(config), auth, requireJson, limitBody(config.bodyLimitBytes), jsonBody(updateBody), async (c) => {
      const user = c.get('user');
      const update = c.req.valid('json');
      // Scoped to the user: another user's subscription is not found, like one that does not exist.
      const sub = await current(user, update.subscription);
      if (!sub) throw new ApiError(404, 'subscription_not_found', 'There is no such subscription on this account.');
      await deliverEvents(deps, selfRequest, await eventsFor(user, sub, update));
      return c.json(portalState(await storedSubscription(db, user.uid, sub.id)));
    });
}
