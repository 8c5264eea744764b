import { LOCAL_SITE_PORT } from '@site/service-user/local-setup';
import { TELEMETRY_REMOTES, type TelemetryRemote } from '@site/service-user/telemetry';

/**
 * The apps the site is composed of, each once: the shell, and every remote with its federation
 * name, its folder (its workspace package, and its folder in the deployment store), its package
 * and its port on localhost (its dev server, and its own server under the start command). Every
 * list of remotes is this one: the remotes document, the site's server and ports, the release
 * command, the bench, the jest projects and the import checks. The remotes' names and the shell's
 * port are the user service's contract (the remotes it counts beacons for, the site's origin it
 * links to), which imports nothing: the build configuration reads this file too. siteApps.test.ts
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

export type RemoteName = TelemetryRemote;

/** Each remote's place, by its name: the compiler refuses a remote missing here, or one the service does not know. */
const REMOTE_PLACES: { readonly [name in RemoteName]: Omit<SiteApp, 'name'> } = {
  mfe_marketing: { folder: 'mfe-marketing', package: '@site/mfe-marketing', port: 3001 },
  mfe_auth: { folder: 'mfe-auth', package: '@site/mfe-auth', port: 3002 },
  mfe_account: { folder: 'mfe-account', package: '@site/mfe-account', port: 3003 },
};

/** The remotes, in the order the service's contract lists them. */
export const REMOTE_APPS: readonly (SiteApp & { name: RemoteName })[] = TELEMETRY_REMOTES.map((name) => ({ name, ...REMOTE_PLACES[name] }));

export const REMOTE_NAMES: readonly RemoteName[] = REMOTE_APPS.map((app) => app.name);

/** The shell, then every remote. */
export const SITE_APPS: readonly SiteApp[] = [SHELL_APP, ...REMOTE_APPS];

/** A remote's folder: its package (mfe_account → mfe-account/) and its versions in the deployment store. */
export const remoteFolder = (name: RemoteName): string => REMOTE_APPS.find((app) => app.name === name)!.folder;
