import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { limitBody } from '../http/middleware';
import { applyStripeEvent } from '../stripe/events';

/** Stripe's webhook: the raw body's signature is verified before anything is read from it. */
export function stripeRoutes({ db, stripe, config }: Deps) {
  return new Hono().post(
    '/stripe/webhook',
    limitBody(config.webhookBodyLimitBytes),
    async (c) => {
      const signature = c.req.header('Stripe-Signature');
      if (!signature) throw new ApiError(400, 'signature_missing', 'The Stripe-Signature header is missing.');
      const payload = await c.req.text();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signature, config.stripeWebhookSecret);
      } catch {
        throw new ApiError(400, 'signature_invalid', 'The event signature does not verify.');
      }
      const outcome = await applyStripeEvent(db, event);
      return c.json({ received: true, outcome });
    },
  );
}
