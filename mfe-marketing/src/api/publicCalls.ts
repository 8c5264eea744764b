import { createUserServiceClient, settle, type ContactMessage } from '@site/shared-ui';

/** The calls these pages make; anyone may make them, so no token is sent. */
const client = () => createUserServiceClient(async () => null);

export const subscribeToNewsletter = (email: string) =>
  settle<{ subscribed: true }>(() => client().newsletter.$post({ json: { email } }));

/**
 * The same idempotency key on each retry of one submission: the service stores the message once
 * however many times it arrives (a retry after a timeout that did reach it).
 */
export const sendContactMessage = (message: ContactMessage, idempotencyKey: string) =>
  settle<{ id: string }>(() => client().contact.$post({ json: message, header: { 'idempotency-key': idempotencyKey } }));
