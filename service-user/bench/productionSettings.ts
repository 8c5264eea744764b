// The settings a production deployment of the service must have (src/environment.ts refuses to
// start without them), with values for the bench: the servers measured run as in production.
// Mail goes to an SMTP address nothing listens on: the requests measured send none.
import { LOCAL_SITE_URL } from '@site/contract/local-setup';

export const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench_only',
  CORS_ORIGINS: LOCAL_SITE_URL,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Vedere <bench@exemplu.ro>',
  CONTACT_INBOX: 'contact@exemplu.ro',
  PUBLIC_SITE_URL: LOCAL_SITE_URL,
  MAIL_TOKEN_SECRET: 'bench-only-secret-for-the-links-in-mails',
  VIEW_TOKEN_SECRET: 'bench-only-secret-for-the-view-tokens-of-pages',
  ADDRESS_HASH_SECRET: 'bench-only-secret-for-the-client-address-hashes',
} as const;
