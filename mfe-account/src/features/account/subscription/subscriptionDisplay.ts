import { DAY_SECONDS } from '../../../constants';

export type TrialStatus = { kind: 'ended' } | { kind: 'endsToday' } | { kind: 'daysLeft'; days: number };

/**
 * The trial's days left (docs/product.md, "The account page"): the difference between its end and now, in days of
 * 86400 s, rounded. A trial whose end has passed has ended; one with under half a day left ends today.
 */
export function trialStatus(trialEndTimestamp: number, nowMs: number = Date.now()): TrialStatus {
  const secondsLeft = trialEndTimestamp - nowMs / 1000;
  if (secondsLeft <= 0) return { kind: 'ended' };
  const days = Math.round(secondsLeft / DAY_SECONDS);
  return days === 0 ? { kind: 'endsToday' } : { kind: 'daysLeft', days };
}

/** A link into Stripe's customer portal with the user's email prefilled (URL-encoded). */
export function portalLink(portalUrl: string, email: string | null): string {
  const url = new URL(portalUrl);
  if (email) url.searchParams.set('prefilled_email', email);
  return url.toString();
}
