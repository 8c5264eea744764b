import type { RetentionKind } from '@site/contract/retention';

/**
 * Every table the migrations create, and what it holds of a person: how long it is kept (a kind
 * of the retention table, or 'account': as long as the account, erased with it), and where the
 * data export shows it (a key of exportAccountData's answer), or why it does not. A new table
 * without its line here fails personalData.test.ts: its retention and its export are decided
 * when it is added, not found missing later.
 */
export const PERSONAL_DATA: Record<string, { kept: RetentionKind | 'account' | 'not personal'; export: string | { none: string } }> = {
  users: { kept: 'account', export: 'account' },
  stripe_customers: { kept: 'account', export: 'stripeCustomers' },
  subscriptions: { kept: 'account', export: 'subscriptions' },
  devices: { kept: 'account', export: 'device' },
  pending_checkouts: { kept: 'pendingCheckout', export: 'pendingCheckouts' },
  contact_messages: { kept: 'contactMessage', export: 'contactMessages' },
  // Confirmed: consent, kept until the unsubscribe link is followed; pending: the retention table's period.
  newsletter_subscriptions: { kept: 'unconfirmedNewsletter', export: 'newsletterSubscription' },
  mail_outbox: { kept: 'sentMail', export: 'mails' },
  account_deletions: { kept: 'account', export: 'accountDeletion' },
  erased_accounts: { kept: 'finishedDeletion', export: { none: 'a hash of a deleted account’s uid: no account is left to export it to' } },
  erased_customers: { kept: 'finishedDeletion', export: { none: 'a deleted account’s payment customer id: no account is left to export it to' } },
  rate_limit_hits: { kept: 'rateLimitRecord', export: { none: 'a keyed hash of a client address, which the service cannot tie to a user' } },
  remote_health_minutes: { kept: 'healthMinutes', export: { none: 'counts per minute and release: nothing of a visitor' } },
  remote_vitals_minutes: { kept: 'healthMinutes', export: { none: 'counts per minute, release and bucket: nothing of a visitor' } },
  remote_health_networks: { kept: 'healthMinutes', export: { none: 'keyed hashes of networks (a /24 or /48), per minute and release, gone after a day: nothing of a visitor' } },
  remote_server_minutes: { kept: 'healthMinutes', export: { none: 'counts per minute and release of the pages the site’s server drew: nothing of a visitor' } },
  view_token_counts: { kept: 'not personal', export: { none: 'random token ids, deleted when the token expires' } },
  stripe_products: { kept: 'not personal', export: { none: 'the plans’ names' } },
  stripe_events: { kept: 'not personal', export: { none: 'the ids of Stripe events already handled' } },
  scheduled_work: { kept: 'not personal', export: { none: 'when background work runs next' } },
  schema_migrations: { kept: 'not personal', export: { none: 'the schema’s version' } },
};
