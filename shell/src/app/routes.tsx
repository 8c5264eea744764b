import type { SiteRoute as RouteOf, TablePage } from '@site/shared-ui/route-table';
import table from './routeTable.json';

/**
 * The route table (docs/product.md, "Routes"), as data: the production server reads the same file (emitted
 * as routes.json) to preload the code of the page a visitor asks for. /my-account and
 * /account-pricing are aliases, with the same guards (docs/product.md, "Guards"): the access guard on the
 * account, pricing and reset pages; the trial guard in its default mode on the account, in its
 * opposite mode on pricing. routes.test.ts checks the file's shape.
 */
export type PageName = keyof typeof table.pages;

/** Each page a remote exposes, by the route that shows it. */
export const pages = table.pages as Record<PageName, TablePage>;

/** A route of the table, naming one of its pages. */
export type SiteRoute = RouteOf<PageName>;

export const siteRoutes = table.routes as SiteRoute[];

export function routeForPath(pathname: string): SiteRoute | undefined {
  return siteRoutes.find((r) => r.path === pathname);
}

export function pageForPath(pathname: string): TablePage | undefined {
  const route = routeForPath(pathname);
  return route && pages[route.page];
}
