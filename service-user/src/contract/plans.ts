// The plans the site sells (spec section 9), as the pricing page shows them and the service's local
// checkout bills them. Nothing here imports anything: the account remote reads it through shared-ui.

/** The free trial's length. */
export const TRIAL_DAYS = 14;

/** The full plan's price a month, in lei (Stripe counts it in bani: a hundredth). */
export const FULL_PLAN_PRICE_LEI = 60;
