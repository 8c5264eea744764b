import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { limitBody } from '../http/middleware';
import { applyStripeEvent, InvalidEventError, StripeUnavailableError } from '../stripe/events';

/** Stripe's webhook: the raw body's signature is verified before anything is read from it. */
export function stripeRoutes({ db, stripe, config, logger, metrics }: Deps) {
  // Only with a real key does the service ask Stripe's API for a subscription's current state.
  const subscriptions = config.stripeSecretKey ? stripe.subscriptions : null;
  return new Hono().post('/stripe/webhook', limitBody(config.webhookBodyLimitBytes), async (c) => {
    const signature = c.req.header('Stripe-Signature');
    if (!signature) throw new ApiError(400, 'signature_missing', 'The Stripe-Signature header is missing.');
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, config.stripeWebhookSecret);
    } catch {
      throw new ApiError(400, 'signature_invalid', 'The event signature does not verify.');
    }
    try {
      const outcome = await applyStripeEvent(db, event, { subscriptions });
      metrics.webhookEvent(event.type, outcome);
      return c.json({ received: true, outcome });
    } catch (error) {
      if (error instanceof InvalidEventError) {
        metrics.webhookEvent(event.type, 'event_invalid');
        throw new ApiError(400, 'event_invalid', `The event cannot be applied: ${error.message}.`);
      }
      if (error instanceof StripeUnavailableError) {
        metrics.webhookEvent(event.type, 'stripe_unavailable');
        logger.error({ err: error.cause, requestId: c.get('requestId'), eventId: event.id }, error.message);
        throw new ApiError(503, 'stripe_unavailable', 'Stripe could not be reached; the event was not recorded, send it again.');
      }
      throw error;
    }
  });
}
