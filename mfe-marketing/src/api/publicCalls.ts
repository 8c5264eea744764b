import { createUserServiceClient, settle, type ContactMessage, type Locale } from '@site/shared-ui';

/** The calls these pages make; anyone may make them, so no token is sent. */
const client = () => createUserServiceClient(async () => null);

/** Asks for a subscription: the service mails a confirmation link, in the page's language. */
export const subscribeToNewsletter = (email: string, locale: Locale) =>
  settle<{ confirmationRequested: true }>(() => client().newsletter.$post({ json: { email, locale } }));

/** Follows a newsletter link (its token, from the page's address): confirm or unsubscribe. */
export const followNewsletterLink = (action: 'confirm' | 'unsubscribe', token: string) =>
  settle<{ subscribed: true } | { unsubscribed: true }>(() => client().newsletter[action].$post({ json: { token } }));

/**
 * The same idempotency key on each retry of one submission: the service stores the message once
 * however many times it arrives (a retry after a timeout that did reach it).
 */
export const sendContactMessage = (message: ContactMessage, idempotencyKey: string) =>
  settle<{ id: string }>(() => client().contact.$post({ json: message, header: { 'idempotency-key': idempotencyKey } }));
