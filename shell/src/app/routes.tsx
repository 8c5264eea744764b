import type { TrialMode } from '../guards/TrialGuard';
import type { ExposedPage } from '../remotes/federation';
import table from './routeTable.json';

/**
 * The route table (spec section 2), as data: the production server reads the same file (emitted
 * as routes.json) to preload the code of the page a visitor asks for. /my-account and
 * /account-pricing are aliases, with the same guards (spec section 4): the access guard on the
 * account, pricing and reset pages; the trial guard in its default mode on the account, in its
 * opposite mode on pricing. routes.test.ts checks the file's shape.
 */
export type PageName = keyof typeof table.pages;

/** Each page a remote exposes, by the route that shows it. */
export const pages = table.pages as Record<PageName, ExposedPage>;

export interface SiteRoute {
  path: string;
  page: PageName;
  /** Needs a signed-in user (the access guard). */
  access?: boolean;
  /** The trial guard's mode, when the route has one. */
  trial?: TrialMode;
  /** A public page drawn by the site's server, which the browser hydrates (@site/rendering). */
  prerender?: boolean;
}

export const siteRoutes = table.routes as SiteRoute[];

export function routeForPath(pathname: string): SiteRoute | undefined {
  return siteRoutes.find((r) => r.path === pathname);
}

export function pageForPath(pathname: string): ExposedPage | undefined {
  const route = routeForPath(pathname);
  return route && pages[route.page];
}
