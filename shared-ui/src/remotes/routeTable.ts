// The shell's route table (shell/src/app/routeTable.json, emitted as routes.json beside the shell's
// index.html): which remote's page each path shows, and its guards. One type for all that read it:
// the shell, the site's server and its rendering, the release gate.
import type { RemoteName } from './siteApps';

/** The trial guard's mode: default on the account (no trial → pricing), opposite on pricing. */
export type TrialMode = 'default' | 'opposite';

/** A page a remote exposes: the module a route loads from it. */
export interface ExposedPage {
  remote: RemoteName;
  /** `./<Name>`: the remote's build exposes its component, src/features/<feature>/<Name>.tsx (tools/remotePages.cjs). */
  module: string;
}

/** A page of the route table: the module, and the key in the remote's strings of its title (its h1, the local host's link). */
export interface TablePage extends ExposedPage {
  title: string;
}

export interface SiteRoute<Page extends string = string> {
  path: string;
  page: Page;
  /** Needs a signed-in user (the access guard). */
  access?: boolean;
  /** The trial guard's mode, when the route has one. */
  trial?: TrialMode;
  /** A public page drawn by the site's server, which the browser hydrates (@site/rendering). */
  prerender?: boolean;
}

export interface RouteTable<Page extends string = string> {
  pages: Record<Page, TablePage>;
  routes: SiteRoute<Page>[];
}
