import { LOCAL_SITE_PORT } from '@site/contract/local-setup';
import { REMOTES, remoteFolderOf, type RemoteName } from '@site/contract/remotes';

/**
 * The apps the site is composed of, each once: the shell, and every remote with its federation
 * name, its folder (its workspace package, and its folder in the deployment store), its package
 * and its port on localhost (its dev server, and its own server under the start command). Every
 * list of remotes is this one: the remotes document, the site's server and ports, the release
 * command, the bench. The remotes' names and ports, and the shell's port, are @site/contract's
 * (the remotes the user service counts beacons for, the site's origin it links to), which imports
 * none of the site's packages; the jest projects and the import checks follow pnpm-workspace.yaml's
 * list. siteApps.test.ts
 * checks that each app has its folder, package, webpack config and jest project, and that the
 * route table names these remotes only.
 */
export interface SiteApp {
  /** The federation name (the remotes document's key, the webpack config's `name`). */
  name: string;
  folder: string;
  package: string;
  /** Its port on localhost (overridden by <NAME>_PORT, e.g. MFE_ACCOUNT_PORT). */
  port: number;
}

export const SHELL_APP = { name: 'shell', folder: 'shell', package: '@site/shell', port: LOCAL_SITE_PORT } as const satisfies SiteApp;

export type { RemoteName };

/** The remotes, in the contract's order (@site/contract/remotes: their names and ports; the rest follows from the name). */
export const REMOTE_APPS: readonly (SiteApp & { name: RemoteName })[] = REMOTES.map(({ name, port }) => ({
  name,
  folder: remoteFolderOf(name),
  package: `@site/${remoteFolderOf(name)}`,
  port,
}));

export const REMOTE_NAMES: readonly RemoteName[] = REMOTE_APPS.map((app) => app.name);

/** The shell, then every remote. */
export const SITE_APPS: readonly SiteApp[] = [SHELL_APP, ...REMOTE_APPS];

/** A remote's folder: its package (mfe_account → mfe-account/) and its versions in the deployment store. */
export const remoteFolder = (name: RemoteName): string => REMOTE_APPS.find((app) => app.name === name)!.folder;
