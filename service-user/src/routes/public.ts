import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, publicRateLimit, requireJson } from '../http/middleware';
import { saveContactMessage, subscribeToNewsletter } from '../store/messages';
import { email, text } from './fields';

const contactBody = z.object({
  firstname: text(100),
  lastname: text(100),
  email,
  subject: text(200),
  message: text(5000),
});
const newsletterBody = z.object({ email });

/** One key per submission of the form, so that a retry of it stores nothing twice (a UUID fits). */
const contactHeaders = z.object({ 'idempotency-key': z.string().regex(/^[\x21-\x7E]{1,200}$/).optional() });
const idempotencyKey = zValidator('header', contactHeaders, (result) => {
  if (!result.success) {
    throw new ApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 printable characters without spaces.');
  }
});

/** Calls anyone can make: validated, rate-limited per client. */
export function publicRoutes(deps: Deps) {
  const limit = publicRateLimit(deps);
  const maxBody = limitBody(deps.config.bodyLimitBytes);
  return new Hono()
    .post('/contact', limit, requireJson, maxBody, idempotencyKey, jsonBody(contactBody), async (c) => {
      const saved = await saveContactMessage(deps.db, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
      if (saved === 'key_reused') {
        throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another message.');
      }
      return c.json(saved, 201);
    })
    .post('/newsletter', limit, requireJson, maxBody, jsonBody(newsletterBody), async (c) =>
      c.json(await subscribeToNewsletter(deps.db, c.req.valid('json').email)));
}
