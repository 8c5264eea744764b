import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../http/env';
import { jsonBody, limitBody, publicRateLimit, requireJson } from '../http/middleware';
import { saveContactMessage, subscribeToNewsletter } from '../store/messages';

const text = (max: number) => z.string().trim().min(1).max(max);
const email = z.string().trim().max(254).pipe(z.email());

const contactBody = z.object({
  firstname: text(100),
  lastname: text(100),
  email,
  subject: text(200),
  message: text(5000),
});
const newsletterBody = z.object({ email });

/** Calls anyone can make: validated, rate-limited per client. */
export function publicRoutes(deps: Deps) {
  const limit = publicRateLimit(deps);
  const maxBody = limitBody(deps.config.bodyLimitBytes);
  return new Hono()
    .post('/contact', limit, requireJson, maxBody, jsonBody(contactBody), async (c) =>
      c.json(await saveContactMessage(deps.db, c.req.valid('json')), 201))
    .post('/newsletter', limit, requireJson, maxBody, jsonBody(newsletterBody), async (c) =>
      c.json(await subscribeToNewsletter(deps.db, c.req.valid('json').email)));
}
