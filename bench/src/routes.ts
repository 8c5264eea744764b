// The pages the bench measures, from the shell's route table (the one list of the site's routes):
// a page added to the table is measured, or named below as one the bench leaves out, or
// routes.test.ts fails.
import { ACCOUNT_TABS, TAB_PARAM } from '@site/mfe-account/constants';
import type { RouteTable } from '@site/rendering/server';
import table from '@site/shell/route-table';

export const ROUTE_TABLE: RouteTable = table as RouteTable;

/** The table's pages the bench does not measure, and why. */
export const NOT_MEASURED: Record<string, string> = {
  newsletterConfirm: "reached only from a mail's link, with its token; drawn by the browser",
  newsletterUnsubscribe: "reached only from a mail's link, with its token; drawn by the browser",
  localPortal: "local billing's stand-in for the billing provider's portal: never in production",
};

/** A page measured at each of its views (the account page, at each of its tabs). */
const VIEWS: Record<string, string[]> = { account: ACCOUNT_TABS.map((tab) => `?${TAB_PARAM}=${tab}`) };

/** The addresses of a route's page: one per view, else the route itself. */
const addressesOf = ({ path, page }: { path: string; page: string }) => (VIEWS[page] ?? ['']).map((view) => `${path}${view}`);

/** Each measured page once, at its first route in the table (the others are its aliases). */
function firstRoutes(routes: RouteTable['routes']) {
  const seen = new Set<string>();
  return routes.filter(({ page }) => !(page in NOT_MEASURED) && !seen.has(page) && seen.add(page));
}

/** The public pages in Romanian: every route the server draws for any visitor (prerender). */
export const ROMANIAN_ROUTES: string[] = firstRoutes(ROUTE_TABLE.routes.filter((route) => route.prerender && !route.access)).flatMap(addressesOf);

/** The public pages, in Romanian and at their English addresses (drawn in English by the server). */
export const PUBLIC_ROUTES: string[] = [...ROMANIAN_ROUTES, ...ROMANIAN_ROUTES.map((route) => `${route}${route.includes('?') ? '&' : '?'}lang=en`)];

const signedIn = firstRoutes(ROUTE_TABLE.routes.filter((route) => route.access));

/**
 * The signed-in pages a user sees before a trial: those whose trial guard is the opposite one
 * (with a trial or a subscription, /pricing sends the user to /account).
 */
export const BEFORE_TRIAL_ROUTES: string[] = signedIn.filter((route) => route.trial === 'opposite').flatMap(addressesOf);

/** The signed-in pages measured once the trial is on: every other signed-in page. */
export const AFTER_TRIAL_ROUTES: string[] = signedIn.filter((route) => route.trial !== 'opposite').flatMap(addressesOf);

/** The signed-in pages, in the order the bench measures them (before the trial, then after). */
export const SIGNED_IN_ROUTES: string[] = [...BEFORE_TRIAL_ROUTES, ...AFTER_TRIAL_ROUTES];
