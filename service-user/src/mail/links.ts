import { errors, jwtVerify, SignJWT } from 'jose';

/** What a newsletter link does; a token signed for one is refused by the other. */
export type LinkPurpose = 'newsletter-confirm' | 'newsletter-unsubscribe';

/** A confirmation link works this many days (GOV.UK Notify's subscriptions: a week), as its mail says; an unsubscribe link does not expire. */
export const CONFIRMATION_LINK_DAYS = 7;

/** The pages that follow the links: the marketing remote's, as shell/src/app/routeTable.json routes them (links.test.ts checks). */
export const LINK_PAGES: Record<LinkPurpose, string> = {
  'newsletter-confirm': '/newsletter-confirm',
  'newsletter-unsubscribe': '/newsletter-unsubscribe',
};

export class InvalidLinkError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The link has expired.' : 'The link is not valid.');
  }
}

const ALGORITHM = 'HS256';

/**
 * Signed links (jose, HS256): nothing to store, nothing to guess. The subject is the
 * subscription's id, never the address (a link ends up in logs and browser histories).
 */
export function newsletterLinks({ secret, publicSiteUrl }: { secret: string; publicSiteUrl: string }) {
  const key = new TextEncoder().encode(secret);
  const sign = (purpose: LinkPurpose, subscriptionId: string) => {
    const token = new SignJWT({ purpose }).setProtectedHeader({ alg: ALGORITHM }).setSubject(subscriptionId).setIssuedAt();
    return (purpose === 'newsletter-confirm' ? token.setExpirationTime(`${CONFIRMATION_LINK_DAYS}d`) : token).sign(key);
  };
  return {
    /** The page's full address with its token. */
    async url(purpose: LinkPurpose, subscriptionId: string): Promise<string> {
      const url = new URL(LINK_PAGES[purpose], `${publicSiteUrl}/`);
      url.searchParams.set('token', await sign(purpose, subscriptionId));
      return url.toString();
    },
    /** The subscription id a token was signed for, or InvalidLinkError. */
    async verify(purpose: LinkPurpose, token: string): Promise<string> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        if (payload.purpose !== purpose || typeof payload.sub !== 'string' || !/^\d{1,19}$/.test(payload.sub)) throw new InvalidLinkError('invalid');
        return payload.sub;
      } catch (error) {
        if (error instanceof InvalidLinkError) throw error;
        if (error instanceof errors.JWTExpired) throw new InvalidLinkError('expired');
        throw new InvalidLinkError('invalid');
      }
    },
  };
}

export type NewsletterLinks = ReturnType<typeof newsletterLinks>;
