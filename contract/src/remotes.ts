// The site's remotes, each once: its federation name and its port on localhost. What else a remote
// has follows from its name: its folder and workspace package (mfe_account → mfe-account/,
// @site/mfe-account), its folder in the deployment store, the remotes the user service counts
// beacons for, the keys of the remotes document. A new remote is a line here, beside its folder,
// its entry in pnpm-workspace.yaml and its pages in the route table (shared-ui's siteApps.test.ts
// checks each).

export const REMOTES = [
  { name: 'mfe_marketing', port: 3001 },
  { name: 'mfe_auth', port: 3002 },
  { name: 'mfe_account', port: 3003 },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

/** The remotes' names, in this order (a non-empty tuple, as zod's enums take it). */
export const REMOTE_NAMES = REMOTES.map((remote) => remote.name) as unknown as readonly [RemoteName, ...RemoteName[]];

/** A remote's folder, its workspace package's and its versions' in the deployment store: its name with dashes. */
export const remoteFolderOf = (name: RemoteName): string => name.replaceAll('_', '-');
