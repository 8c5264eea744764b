import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, requireJson, requireUser } from '../http/middleware';
import { LOCAL_PLANS, localCheckoutEvents, signEvent, type LocalEvent, type LocalPlan } from '../stripe/localCheckout';
import { trialActivated } from '../store/subscriptions';
import { ensureUser } from '../store/users';

/** Sends a request through this service's own app (its middleware and routes), in process. */
export type SelfRequest = (path: string, init: RequestInit) => Promise<Response>;

/** Delivers events as Stripe would: each signed with the webhook secret and posted to POST /stripe/webhook, in order. */
export async function deliverEvents({ stripe, config }: Pick<Deps, 'stripe' | 'config'>, selfRequest: SelfRequest, events: LocalEvent[]) {
  for (const event of events) {
    const { payload, signature } = signEvent(stripe, config.stripeWebhookSecret, event);
    const delivered = await selfRequest('/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    if (!delivered.ok) throw new ApiError(502, 'webhook_refused', `The webhook refused the ${event.type} event.`);
  }
}

/** Local billing and the local portal answer only where config.localBilling is on (local mode, no Stripe key): 404 elsewhere. */
export const localBillingOnly =
  (config: Deps['config']): MiddlewareHandler =>
  async (_c, next) => {
    if (!config.localBilling) throw new ApiError(404, 'local_billing_disabled', 'Local billing is off: Stripe handles checkouts here.');
    await next();
  };

const checkoutBody = z.object({ plan: z.enum(Object.keys(LOCAL_PLANS) as [LocalPlan, ...LocalPlan[]]) });

/**
 * Local billing, for the embedded default only (local mode, no Stripe key): choosing a plan
 * completes a simulated checkout whose events are signed with the webhook secret and delivered
 * to POST /stripe/webhook, the path Stripe's own events take. Refused with 404 otherwise.
 */
export function localBillingRoutes(deps: Deps, selfRequest: SelfRequest) {
  const { db, verifyToken, config, logger } = deps;
  const auth = requireUser(verifyToken);
  return new Hono<AppEnv>().post('/local-billing/checkout', localBillingOnly(config), auth, requireJson, limitBody(config.bodyLimitBytes), jsonBody(checkoutBody), async (c) => {
    const user = c.get('user');
    const { plan } = c.req.valid('json');
    await ensureUser(db, user, logger);
    if (plan === 'trial' && (await trialActivated(db, user.uid))) {
      throw new ApiError(409, 'trial_already_used', 'The free trial has already been used on this account.');
    }
    await deliverEvents(deps, selfRequest, await localCheckoutEvents(db, user, plan));
    return c.json({ plan, completed: true as const });
  });
}
