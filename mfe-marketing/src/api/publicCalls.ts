import { createUserServiceClient, runServiceCall, type ContactMessage, type Locale } from '@site/shared-ui';

/** The calls these pages make; anyone may make them, so no token is sent. */
const client = () => createUserServiceClient(async () => null);

/** Asks for a subscription: the service mails a confirmation link, in the page's language. */
export const subscribeToNewsletter = (email: string, locale: Locale) => runServiceCall(() => client().newsletter.$post({ json: { email, locale } }));

const newsletterLinks = {
  confirm: (token: string) => client().newsletter.confirm.$post({ json: { token } }),
  unsubscribe: (token: string) => client().newsletter.unsubscribe.$post({ json: { token } }),
};

type NewsletterLinkResponse = Awaited<ReturnType<(typeof newsletterLinks)[keyof typeof newsletterLinks]>>;

/** Follows a newsletter link (its token, from the page's address): confirm or unsubscribe. */
export const followNewsletterLink = (action: keyof typeof newsletterLinks, token: string) => runServiceCall<NewsletterLinkResponse>(() => newsletterLinks[action](token));

/**
 * The same idempotency key on each retry of one submission: the service stores the message once
 * however many times it arrives (a retry after a timeout that did reach it).
 */
export const sendContactMessage = (message: ContactMessage, idempotencyKey: string) =>
  runServiceCall(() => client().contact.$post({ json: message, header: { 'idempotency-key': idempotencyKey } }));
