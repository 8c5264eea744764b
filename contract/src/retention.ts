// How long each kind of personal data is kept: the one table that the service's sweep enforces
// (service-user/src/retention) and that the privacy notice states (mfe-marketing's privacy page,
// through @site/shared-ui). Nothing here imports anything, so the browser can read it.
//
// Each period is the shortest that still lets the data do the job it was collected for; the comment
// beside each says why a data-protection officer would accept it. A period is in days.

export const RETENTION_KINDS = [
  'contactMessage',
  'sentMail',
  'unconfirmedNewsletter',
  'pendingCheckout',
  'finishedDeletion',
  'rateLimitRecord',
  'healthMinutes',
  'localOutboxFile',
] as const;

export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_DAYS: Readonly<Record<RetentionKind, number>> = {
  // A message sent through the contact form, after it was forwarded to the team: long enough to answer
  // it and to follow up a reply or a complaint about the answer; a conversation that goes on continues
  // by mail, outside the site.
  contactMessage: 180,
  // A mail the service sent (confirmation, newsletter double opt-in, receipts), after it was handed to
  // the mail sender: long enough to find out why a mail did not arrive, which people report within days.
  sentMail: 30,
  // A newsletter signup whose confirmation link was never followed: the link is a request, not consent;
  // a week covers a mail that is read late, after which the address was given for nothing.
  unconfirmedNewsletter: 7,
  // A checkout that was started and not finished: the payment provider's session expires within a day;
  // two days let a late webhook still find its row, after which nothing can complete it.
  pendingCheckout: 2,
  // The record that an account was deleted (with no email or name left): kept so that a late payment
  // webhook cannot bring the account back and so the user can be told the deletion finished.
  finishedDeletion: 30,
  // The rate limiter's keyed address records: the longest window they count is an hour; a day keeps
  // what abuse needs to be seen, and the key that reads them rotates, so nothing is kept past it.
  rateLimitRecord: 1,
  // The release-health minutes (counts by remote and version, keyed network hashes, no visitor): two
  // days cover a release's canary and the day after it.
  healthMinutes: 2,
  // Local mode's outbox files (mails written to disk instead of sent): as a sent mail.
  localOutboxFile: 30,
};

export const DAY_MS = 86_400_000;

/** The period of a kind, in milliseconds. */
export function retentionMs(kind: RetentionKind): number {
  return RETENTION_DAYS[kind] * DAY_MS;
}
