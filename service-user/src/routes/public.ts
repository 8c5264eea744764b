import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { CONTACT_FIELD_LIMITS } from '@site/contract/field-limits';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, publicRateLimit, requireJson } from '../http/middleware';
import { DEFAULT_LOCALE, LOCALES } from '@site/contract/locales';
import { InvalidLinkError, type LinkPurpose } from '../mail/links';
import { saveContactMessage } from '../store/messages';
import { confirmSubscription, requestSubscription, unsubscribe } from '../store/newsletter';
import { email, text } from './fields';

const contactBody = z.object({
  firstname: text(CONTACT_FIELD_LIMITS.firstname),
  lastname: text(CONTACT_FIELD_LIMITS.lastname),
  email,
  subject: text(CONTACT_FIELD_LIMITS.subject),
  message: text(CONTACT_FIELD_LIMITS.message),
});
/** The language of the page the form was sent from: the mails and their links are in it. */
const newsletterBody = z.object({ email, locale: z.enum(LOCALES).default(DEFAULT_LOCALE) });
/** A link's token as the page read it from its address (a JWT: three base64url parts). */
const linkBody = z.object({
  token: z
    .string()
    .max(2048)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
});

/** One key per submission of the form, so that a retry of it stores nothing twice (a UUID fits). */
const contactHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7E]{1,200}$/)
    .optional(),
});
const idempotencyKey = zValidator('header', contactHeaders, (result) => {
  if (!result.success) {
    throw new ApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 printable characters without spaces.');
  }
});
const linkToken = zValidator('json', linkBody, (result) => {
  if (!result.success) throw new ApiError(400, 'link_invalid', 'This link is not valid.');
});

/** Calls anyone can make: validated, rate-limited per client. */
export function publicRoutes(deps: Deps) {
  const { config, db, links, mail } = deps;
  const limit = publicRateLimit(deps);
  const maxBody = limitBody(config.bodyLimitBytes);
  // A link that does not verify is the visitor's to hear about (400, or 410 once expired), never a 500.
  const verifiedLink = async (purpose: LinkPurpose, token: string) => {
    try {
      return await links.verify(purpose, token);
    } catch (error) {
      if (!(error instanceof InvalidLinkError)) throw error;
      throw error.reason === 'expired' ? new ApiError(410, 'link_expired', 'This link has expired.') : new ApiError(400, 'link_invalid', 'This link is not valid.');
    }
  };
  return (
    new Hono()
      .post('/contact', limit, requireJson, maxBody, idempotencyKey, jsonBody(contactBody), async (c) => {
        const saved = await saveContactMessage(db, c.req.valid('json'), {
          inbox: config.mail.contactInbox,
          idempotencyKey: c.req.valid('header')['idempotency-key'],
        });
        if (saved === 'key_reused') {
          throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another message.');
        }
        mail.kick();
        return c.json(saved, 201);
      })
      // The same answer whether the address is new, pending or subscribed: only its owner learns which.
      .post('/newsletter', limit, requireJson, maxBody, jsonBody(newsletterBody), async (c) => {
        const { email: address, locale } = c.req.valid('json');
        if (await requestSubscription(db, links, address, locale)) mail.kick();
        return c.json({ confirmationRequested: true as const }, 202);
      })
      .post('/newsletter/confirm', limit, requireJson, maxBody, linkToken, async (c) => {
        const confirmed = await confirmSubscription(db, links, await verifiedLink('newsletter-confirm', c.req.valid('json').token));
        if (confirmed === 'unknown') throw new ApiError(404, 'link_unknown', 'This link is no longer valid: the subscription does not exist.');
        if (confirmed.queuedMail) mail.kick();
        return c.json({ subscribed: true as const });
      })
      .post('/newsletter/unsubscribe', limit, requireJson, maxBody, linkToken, async (c) => {
        await unsubscribe(db, await verifiedLink('newsletter-unsubscribe', c.req.valid('json').token));
        return c.json({ unsubscribed: true as const });
      })
  );
}
