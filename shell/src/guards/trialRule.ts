/**
 * The trial guard's rule (docs/product.md, "Guards"), for the guard in the browser and the server drawing a
 * signed-in page alike. default: a user whose trial was never activated goes to pricing; opposite:
 * one whose was, and whose subscription is live, goes to the account (one whose subscription lapsed
 * may renew).
 */
import type { TrialMode } from '@site/shared-ui/route-table';

export type { TrialMode };

/** Where the trial guard sends this user instead of the page, or null: the page is theirs. */
export function trialRedirect(mode: TrialMode, { trialActivated, subscriptionActive }: { trialActivated: boolean; subscriptionActive: boolean }): string | null {
  if (mode === 'default' && !trialActivated) return '/account-pricing';
  if (mode === 'opposite' && trialActivated && subscriptionActive) return '/my-account';
  return null;
}
