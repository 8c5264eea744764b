/** The account pages' constants, named once (docs/product.md, "The account page" and "Plans and constants"). */

/** Seconds in a day: the trial's days left are counted in these. */
export const DAY_SECONDS = 86_400;

/** Stripe's pricing table: its script, and how long the page waits for it (5000 ms, then the site's own plans). */
export const STRIPE_PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';
export const STRIPE_SCRIPT_TIMEOUT_MS = 5_000;

/** The account page's tabs, in order; the chosen one is kept in the URL as ?tab=. */
export const ACCOUNT_TABS = ['account', 'subscription', 'device'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const TAB_PARAM = 'tab';

/** Where the device tab is, for the pages that lead back to it. */
export const DEVICE_TAB_PATH = `/account?${TAB_PARAM}=device`;
export const SUBSCRIPTION_TAB_PATH = `/account?${TAB_PARAM}=subscription`;

/** The local customer portal (local billing's, never in production): the subscription tab's links lead here. */
export const LOCAL_PORTAL_PATH = '/account-billing';
