// The shell's route table, as its build emits it (routes.json beside index.html).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExposedPage, RouteTable } from '@site/shared-ui/route-table';

export type { ExposedPage, RouteTable };

export function readRouteTable(dist: string): RouteTable | null {
  const file = join(dist, 'routes.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RouteTable) : null;
}

/** The page a path shows, when it is a route of the table. */
export function routeAt(table: RouteTable | null, pathname: string) {
  const route = table?.routes.find((r) => r.path === pathname);
  return route && table ? { ...route, exposed: table.pages[route.page] as ExposedPage } : null;
}

/**
 * What the server's HTML of a route can be, for a visitor who looks signed in (the login cookie) or
 * not: a public page ('page', drawn for either: the header offers the sign-in or the account); a
 * signed-in page, for a visitor who looks signed in only ('loading status': drawn whole when the
 * service verifies the token, else as its loading status, the page waiting for the session); else
 * nothing (the page is served empty, and drawn by its code).
 */
export type DrawnPart = 'page' | 'loading status';

export function drawnPart(route: { access?: boolean; prerender?: boolean } | null | undefined, signedIn: boolean): DrawnPart | null {
  if (route?.access) return signedIn ? 'loading status' : null;
  return route?.prerender ? 'page' : null;
}
