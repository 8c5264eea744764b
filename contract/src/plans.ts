// The plans the site sells (docs/product.md, "Plans and constants"), as the pricing page shows them and the service's local
// checkout bills them. Nothing here imports anything: the account remote reads it through shared-ui.

/** The free trial's length. */
export const TRIAL_DAYS = 14;

/** The full plan's price a month, in lei (Stripe counts it in bani: a hundredth). */
export const FULL_PLAN_PRICE_LEI = 60;

/**
 * How long a consumer may withdraw from the subscription, a contract made at a distance, without
 * giving a reason (Romania's Government Emergency Ordinance 34/2014, from EU Directive 2011/83):
 * the law's figure, which the terms state.
 */
export const WITHDRAWAL_DAYS = 14;
