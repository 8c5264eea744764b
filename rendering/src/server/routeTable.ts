// The shell's route table, as its build emits it (routes.json beside index.html).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from '@site/shared-ui/remotes-document';

export interface ExposedPage {
  remote: RemoteName;
  module: string;
}

export interface RouteTable {
  pages: Record<string, ExposedPage>;
  routes: { path: string; page: string; access?: boolean; trial?: string; prerender?: boolean }[];
}

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
 * What a route's prerendered HTML draws, for a visitor who looks signed in (the login cookie) or
 * not: a public page, drawn for either (the header offers the sign-in or the account); a signed-in
 * page's layout around its guard's loading status, for a visitor who looks signed in only (its
 * page waits for the session); else nothing (the page is served empty, and drawn by its code).
 */
export type DrawnPart = 'page' | 'loading status';

export function drawnPart(route: { access?: boolean; prerender?: boolean } | null | undefined, signedIn: boolean): DrawnPart | null {
  if (route?.access) return signedIn ? 'loading status' : null;
  return route?.prerender ? 'page' : null;
}
