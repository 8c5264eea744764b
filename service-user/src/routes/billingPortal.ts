import { Hono } from 'hono';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/env';
import { isSiteOrigin } from '../environment';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, requireJson, requireUser } from '../http/middleware';
import { isLive, storedSubscription } from '../stripe/localPortal';

/** The portal's entry points: its home (change plan), and the deep links Stripe offers for cancelling and for the card. */
export const PORTAL_FLOWS = ['manage', 'cancel', 'payment_method'] as const;

const sessionBody = z.object({
  flow: z.enum(PORTAL_FLOWS),
  returnUrl: z.url({ protocol: /^https?$/ }).max(2048),
});

// Stripe's API is waited for while the user waits: bounded, one retry.
const STRIPE_TIMEOUT_MS = 8_000;

/**
 * POST /billing-portal/session: a Stripe customer-portal session for the signed-in user's own
 * customer (never one named by the client), with `flow_data` for the cancel and card links. Only
 * with STRIPE_SECRET_KEY (404 otherwise): the site then falls back to the configured portal URL.
 */
export function billingPortalRoutes({ db, verifyToken, config, stripe, logger }: Deps) {
  const auth = requireUser(verifyToken);
  return new Hono<AppEnv>().post(
    '/billing-portal/session',
    async (_c, next) => {
      if (!config.stripeSecretKey) throw new ApiError(404, 'portal_sessions_disabled', 'Portal sessions need a Stripe secret key: use the portal link.');
      await next();
    },
    auth,
    requireJson,
    limitBody(config.bodyLimitBytes),
    jsonBody(sessionBody),
    async (c) => {
      const { uid } = c.get('user');
      const { flow, returnUrl } = c.req.valid('json');
      // The session sends the user back to the site only: an origin it serves, never one named by a stranger.
      if (!isSiteOrigin(config.corsOrigins, new URL(returnUrl).origin)) {
        throw new ApiError(400, 'return_url_not_allowed', 'The return address must be a page of this site.');
      }
      const { rows } = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE uid = $1 ORDER BY created_at DESC LIMIT 1', [uid]);
      const customer = rows[0]?.customer_id;
      if (!customer) throw new ApiError(404, 'no_customer', 'This account has no Stripe customer yet: choose a plan first.');

      let flowData: Stripe.BillingPortal.SessionCreateParams.FlowData | undefined;
      const afterCompletion = { type: 'redirect' as const, redirect: { return_url: returnUrl } };
      if (flow === 'cancel') {
        const sub = await storedSubscription(db, uid);
        if (!sub || !isLive(sub)) throw new ApiError(409, 'subscription_not_active', 'There is no live subscription to cancel.');
        flowData = { type: 'subscription_cancel', subscription_cancel: { subscription: sub.id }, after_completion: afterCompletion };
      } else if (flow === 'payment_method') {
        flowData = { type: 'payment_method_update', after_completion: afterCompletion };
      }
      try {
        const session = await stripe.billingPortal.sessions.create(
          { customer, return_url: returnUrl, ...(flowData ? { flow_data: flowData } : {}) },
          { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 1 },
        );
        return c.json({ url: session.url });
      } catch (error) {
        logger.error({ err: error, requestId: c.get('requestId') }, 'Stripe did not create a portal session');
        throw new ApiError(502, 'stripe_unavailable', 'Stripe did not open the portal: use the portal link instead.');
      }
    },
  );
}
