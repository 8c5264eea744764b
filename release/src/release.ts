// The release verbs, as functions (cli.ts parses the command line and prints what they return).
// Every change of the remotes document runs the same way: one change of the store (store.ts: read
// the state, decide, write all or nothing, no other change in between), the version entering the
// document checked by the gate, the new document validated, and one line appended to the history.
// A refusal changes nothing.
import { PREVIEW_PARAM, REMOTE_NAMES, versionOfManifest, type Deployment, type RemoteLocation, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { previewSecret, signPreviewPin } from '@site/site-server/preview-pins';
import { isLocalMode, remoteFolder, siteOrigin } from '@site/site-server/runtime-config';
import semver from 'semver';
import { join, resolve } from 'node:path';
import type { RouteTable } from '@site/shared-ui/route-table';
import { compatibilityProblems, fetchManifest, readJsonFile, Unreadable, type FederationManifest } from './gate';
import { serviceSummary, summaryHealth, type HealthReader, type RemoteHealth, type SummarySource } from './health';
import { actor, previousStable, type HistoryEntry, type Verb } from './history';
import { openStore } from './openStore';
import { deploymentAt, manifestUrl, remoteNamed, repoRoot, UsageError, versionOf, type PublishedVersion, type ReleaseState, type Store } from './store';

type Env = Record<string, string | undefined>;

export interface ReleaseContext<S extends Store = Store> {
  store: S;
  who: string;
  /** The shell's build in force: its manifest and its route table (SHELL_DIST, default shell/dist). */
  shellDist: string;
  /** A remote's own build: what publish and init copy when not told where from. */
  appDist: (remote: RemoteName) => string;
  /** A remote's package version, for a build whose manifest does not record it. */
  packageVersion: (remote: RemoteName) => string;
  /** The health summary of the shell's beacons (the user service's GET /telemetry/summary). */
  summary: SummarySource;
}

export function contextFrom(env: Env): ReleaseContext {
  return {
    store: openStore(env),
    who: actor(env),
    shellDist: resolve(env.SHELL_DIST || join(repoRoot, 'shell', 'dist')),
    appDist: (remote) => join(repoRoot, remoteFolder(remote), 'dist'),
    packageVersion: (remote) => readJsonFile<{ version: string }>(join(repoRoot, remoteFolder(remote), 'package.json'), `${remote}'s package`).version,
    summary: serviceSummary(env),
  };
}

/** The gate said no: one line per problem. */
export class Refused extends Error {
  override name = 'Refused';
  constructor(
    readonly subject: string,
    readonly problems: string[],
  ) {
    super(`${subject} does not fit the site in force:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
}

/** A rollback told to undo a canary (release watch's) found another in force, or none: nothing changed. */
export class CanaryReplaced extends Error {
  override name = 'CanaryReplaced';
}

const failWith = (message: string): never => {
  throw new Error(message);
};

/** The version of a manifest URL: its store version, or the URL itself when it is not from the store. */
const versionIn = (store: Store, url: string) => deploymentAt(store, url)?.version ?? url;

/** A manifest wherever the document points: from the store when it is the store's, else over the network. */
async function manifestAt(store: Store, url: string, what: string): Promise<FederationManifest> {
  let bytes: Buffer | null;
  try {
    bytes = await store.fetchStored(url);
  } catch (error) {
    throw new Unreadable(`${what}: ${(error as Error).message}`);
  }
  if (!bytes) return fetchManifest(url, what);
  try {
    return JSON.parse(bytes.toString('utf8')) as FederationManifest;
  } catch (error) {
    throw new Unreadable(`${what}: ${url} is not JSON (${(error as Error).message})`);
  }
}

/** A remote's published versions, oldest first. */
const versionsOf = (state: ReleaseState, remote: RemoteName) => state.published.filter((entry) => entry.remote === remote).map((entry) => entry.version);

/** A published version named in full, or by a prefix only one version has. */
function publishedVersion(state: ReleaseState, remote: RemoteName, wanted: string): string {
  const versions = versionsOf(state, remote);
  if (versions.includes(wanted)) return wanted;
  const matches = versions.filter((version) => version.startsWith(wanted));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new UsageError(`${wanted} names several versions of ${remote}: ${matches.join(', ')}`);
  throw new Error(`${remote} has no published version ${wanted} (published: ${versions.join(', ') || 'none'})`);
}

/** A published version as the document names it: its manifest, with the integrity recorded when it was published (none for a version published before integrity was recorded). */
function deploymentIn(store: Store, state: ReleaseState, remote: RemoteName, version: string): Deployment {
  const integrity = state.published.find((entry) => entry.remote === remote && entry.version === version)?.integrity;
  const manifest = manifestUrl(store, remote, version);
  return integrity ? { manifest, integrity } : { manifest };
}

/** Its stored files are still the ones published: a mismatch would serve its visitors the error page. */
const verifyStored = (store: Store, state: ReleaseState, remote: RemoteName, version: string) =>
  store.verify(remote, version, state.published.find((entry) => entry.remote === remote && entry.version === version)?.integrity ?? null);

interface Neighbour {
  label: string;
  load: () => Promise<FederationManifest>;
}

/** The other remotes as the document in force names them, canaries included (a visitor may get any mix). */
function neighboursInDocument(store: Store, remote: RemoteName, doc: RemotesDocument): Neighbour[] {
  return REMOTE_NAMES.filter((other) => other !== remote).flatMap((other) => [
    { label: other, load: () => manifestAt(store, doc[other].manifest, other) },
    ...(doc[other].canary ? [{ label: `${other} (canary)`, load: () => manifestAt(store, doc[other].canary!.manifest, `${other} (canary)`) }] : []),
  ]);
}

/** Before the first release the servers serve each remote's own dist/: those are the builds in force. */
function neighboursInDist(ctx: ReleaseContext, remote: RemoteName): Neighbour[] {
  return REMOTE_NAMES.filter((other) => other !== remote).map((other) => ({
    label: other,
    load: async () => readJsonFile<FederationManifest>(join(ctx.appDist(other), 'mf-manifest.json'), other),
  }));
}

/** The gate's problems for a candidate among the shell and these neighbours; one it cannot read is a problem too. */
async function gateProblems(ctx: ReleaseContext, remote: RemoteName, candidate: FederationManifest, neighbours: Neighbour[]): Promise<string[]> {
  const unreadable: string[] = [];
  const attempt = async <T>(read: () => Promise<T> | T): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      unreadable.push(error.message);
      return null;
    }
  };
  const shell = await attempt(() => readJsonFile<FederationManifest>(join(ctx.shellDist, 'mf-manifest.json'), 'shell'));
  const routeTable = await attempt(() => readJsonFile<RouteTable>(join(ctx.shellDist, 'routes.json'), "the shell's route table"));
  const others = await Promise.all(neighbours.map(async ({ label, load }) => ({ label, manifest: await attempt(load) })));
  const inForce = [{ label: 'shell', manifest: shell }, ...others].filter((side): side is { label: string; manifest: FederationManifest } => side.manifest !== null);
  return [...unreadable, ...compatibilityProblems({ remote, candidate, inForce, routeTable: routeTable ?? { pages: {}, routes: [] } })];
}

interface Build {
  remote: RemoteName;
  dist: string;
  manifest: FederationManifest;
  version: string;
}

function readBuild(ctx: ReleaseContext, remote: RemoteName, dist: string): Build {
  let manifest: FederationManifest;
  try {
    manifest = readJsonFile<FederationManifest>(join(dist, 'mf-manifest.json'), `${remote}'s build`);
  } catch (error) {
    throw new Error(`${(error as Error).message} (build it with pnpm --filter @site/${remoteFolder(remote)} build, or name a build with --from)`);
  }
  // The package version the build was made from, as its manifest records it (a build brought in with --from may be older than the sources).
  const recorded = manifest.metaData?.buildInfo?.buildVersion;
  const packageVersion = recorded && semver.valid(recorded) ? recorded : ctx.packageVersion(remote);
  return { remote, dist, manifest, version: versionOf(packageVersion, dist) };
}

/** A history line of this change. */
function entry(
  ctx: ReleaseContext,
  verb: Verb,
  remote: RemoteName,
  change: Pick<HistoryEntry, 'from' | 'to'> & Partial<Pick<HistoryEntry, 'percentage' | 'removedCanary'>>,
  reason?: string,
): HistoryEntry {
  return {
    when: new Date().toISOString(),
    who: ctx.who,
    verb,
    remote,
    from: change.from,
    to: change.to,
    percentage: change.percentage ?? null,
    ...(change.removedCanary ? { removedCanary: change.removedCanary } : {}),
    reason: reason ?? null,
  };
}

export interface Options {
  reason?: string;
}

export interface Published {
  remote: RemoteName;
  version: string;
  manifest: string;
  /** False when this very build was published before (nothing copied). */
  copied: boolean;
  /** What the gate checked it against. */
  checkedAgainst: string[];
}

/** publish <remote> [--from <dist>]: gate, then copy into the store. The document is not changed. */
export async function publish(ctx: ReleaseContext, remoteName: string, { from, reason }: Options & { from?: string } = {}): Promise<Published> {
  const remote = remoteNamed(remoteName);
  const build = readBuild(ctx, remote, from ? resolve(from) : ctx.appDist(remote));
  return ctx.store.change(async (state) => {
    const neighbours = state.document ? neighboursInDocument(ctx.store, remote, state.document) : neighboursInDist(ctx, remote);
    const problems = await gateProblems(ctx, remote, build.manifest, neighbours);
    if (problems.length) throw new Refused(`${remote} ${build.version}`, problems);
    const uploaded = await uploadBuild(ctx, state, build);
    const value = {
      remote,
      version: build.version,
      manifest: manifestUrl(ctx.store, remote, build.version),
      copied: uploaded.copied,
      checkedAgainst: ['shell', ...neighbours.map((n) => n.label)],
    };
    return { published: uploaded.published, history: uploaded.copied ? [entry(ctx, 'publish', remote, { from: null, to: build.version }, reason)] : [], value };
  });
}

/**
 * Uploads a build unless its version is published with its integrity already (same content:
 * nothing copied); one published before integrity was recorded gets it recorded now.
 */
async function uploadBuild(ctx: ReleaseContext, state: ReleaseState, build: Build) {
  const before = state.published.find((entry) => entry.remote === build.remote && entry.version === build.version);
  if (before?.integrity) return { copied: false, published: [] };
  const integrity = await ctx.store.upload(build.remote, build.dist, build.version);
  return { copied: !before, published: [{ remote: build.remote, version: build.version, integrity }] };
}

/** init: the first release, from every remote's current build, all stable. */
export async function init(ctx: ReleaseContext, { reason }: Options = {}): Promise<{ document: RemotesDocument; versions: Record<RemoteName, string> }> {
  const builds = REMOTE_NAMES.map((remote) => readBuild(ctx, remote, ctx.appDist(remote)));
  return ctx.store.change(async (state) => {
    if (state.document) throw new Error(`the store already has a remotes document (${ctx.store.description}): release with publish, canary, promote and rollback`);
    const problems: string[] = [];
    for (const build of builds) {
      const neighbours = builds.filter((other) => other !== build).map((other) => ({ label: other.remote, load: async () => other.manifest }));
      problems.push(...(await gateProblems(ctx, build.remote, build.manifest, neighbours)).map((line) => `${build.remote}: ${line}`));
    }
    if (problems.length) throw new Refused('the first release', problems);
    const history: HistoryEntry[] = [];
    const published: PublishedVersion[] = [];
    for (const build of builds) {
      const uploaded = await uploadBuild(ctx, state, build);
      published.push(...uploaded.published);
      if (uploaded.copied) history.push(entry(ctx, 'publish', build.remote, { from: null, to: build.version }, reason));
    }
    const after: ReleaseState = {
      ...state,
      published: [...state.published.filter((old) => !published.some((now) => now.remote === old.remote && now.version === old.version)), ...published],
    };
    const document = Object.fromEntries(builds.map((build) => [build.remote, deploymentIn(ctx.store, after, build.remote, build.version)])) as RemotesDocument;
    for (const build of builds) history.push(entry(ctx, 'init', build.remote, { from: null, to: build.version }, reason));
    return { document, history, published, value: { document, versions: Object.fromEntries(builds.map((build) => [build.remote, build.version])) as Record<RemoteName, string> } };
  });
}

function requireDocument(store: Store, state: ReleaseState): RemotesDocument {
  if (!state.document)
    throw new Error(`no remotes document in the store yet (${store.description}): run pnpm release init first (it publishes every remote's current build, all stable)`);
  return state.document;
}

/** Refuses a manifest entering the document unless it fits the shell and the other remotes in force. */
async function admit(ctx: ReleaseContext, remote: RemoteName, url: string, doc: RemotesDocument): Promise<void> {
  const label = `${remote} ${versionIn(ctx.store, url)}`;
  let candidate: FederationManifest;
  try {
    candidate = await manifestAt(ctx.store, url, label);
  } catch (error) {
    if (error instanceof Unreadable) throw new Refused(label, [error.message]);
    throw error;
  }
  const problems = await gateProblems(ctx, remote, candidate, neighboursInDocument(ctx.store, remote, doc));
  if (problems.length) throw new Refused(label, problems);
}

export interface Previewed {
  remote: RemoteName;
  /** The store's version, or `local` for a remote's own dev server. */
  version: string;
  manifest: string;
  /** The link that pins the browser that opens it (and only that browser). */
  link: string;
  expiresAt: string;
}

/** The site's address of the first page a remote draws (the route table's), where a preview link lands. */
function firstPageOf(ctx: ReleaseContext, remote: RemoteName): string {
  try {
    const table = readJsonFile<RouteTable>(join(ctx.shellDist, 'routes.json'), "the shell's route table");
    return table.routes?.find((route) => table.pages[route.page]?.remote === remote)?.path ?? '/';
  } catch {
    return '/';
  }
}

/**
 * preview <remote> <version> [--hours <n>]: a link that shows one published version of a remote to
 * the browser that opens it, and only that browser, for at most PREVIEW_MAX_HOURS; after the gate
 * against the site in force, as a canary would be. In local mode the version may also be a
 * remote's own dev server (its manifest's URL): a team works on its remote inside the whole site.
 * The document in force does not change, and nothing is recorded in the history.
 */
export async function preview(ctx: ReleaseContext, remoteName: string, wanted: string, { hours, env }: { hours?: number; env: Env }): Promise<Previewed> {
  const remote = remoteNamed(remoteName);
  const secret = previewSecret(env);
  if (secret === null) throw new Error("previews are off: set PREVIEW_SECRET, the same as the site's server's");
  const state = await ctx.store.read();
  const doc = requireDocument(ctx.store, state);
  let deployment: Deployment;
  let version: string;
  if (/^https?:\/\//i.test(wanted)) {
    if (!isLocalMode(env)) throw new UsageError("a remote's dev server is previewed in local mode only: name a published version");
    deployment = { manifest: wanted };
    version = versionOfManifest(wanted);
  } else {
    version = publishedVersion(state, remote, wanted);
    deployment = deploymentIn(ctx.store, state, remote, version);
  }
  await admit(ctx, remote, deployment.manifest, doc);
  const { token, expiresAt } = await signPreviewPin(secret, { remote, version, ...deployment }, { hours });
  const link = new URL(firstPageOf(ctx, remote), siteOrigin(env));
  link.searchParams.set(PREVIEW_PARAM, token);
  return { remote, version, manifest: deployment.manifest, link: link.href, expiresAt: new Date(expiresAt).toISOString() };
}

export interface Changed {
  remote: RemoteName;
  from: string | null;
  to: string;
  location: RemoteLocation;
  /** The canary taken out of the document by this change, if there was one. */
  removedCanary: string | null;
}

/** canary <remote> <version> <percent>: a share of visitors gets this published version. */
export async function canary(ctx: ReleaseContext, remoteName: string, wanted: string, percentText: string, { reason }: Options = {}): Promise<Changed & { percentage: number }> {
  const remote = remoteNamed(remoteName);
  const percentage = Number(percentText);
  if (!/^\d+$/.test(percentText) || percentage < 1 || percentage > 100) throw new UsageError(`the percentage is a whole number from 1 to 100, not ${percentText}`);
  return ctx.store.change(async (state) => {
    const doc = requireDocument(ctx.store, state);
    const version = publishedVersion(state, remote, wanted);
    const url = manifestUrl(ctx.store, remote, version);
    if (doc[remote].manifest === url) throw new Error(`${remote} ${version} is the stable version already`);
    await verifyStored(ctx.store, state, remote, version);
    await admit(ctx, remote, url, doc);
    const before = doc[remote].canary ? versionIn(ctx.store, doc[remote].canary!.manifest) : null;
    const { canary: _replaced, ...stable } = doc[remote];
    const location = { ...stable, canary: { ...deploymentIn(ctx.store, state, remote, version), percentage } };
    const removedCanary = before !== version ? before : null;
    return {
      document: { ...doc, [remote]: location },
      history: [entry(ctx, 'canary', remote, { from: before, to: version, percentage, removedCanary }, reason)],
      value: { remote, from: before, to: version, percentage, location, removedCanary },
    };
  });
}

/** promote <remote>: the canary becomes the stable version, for every visitor. */
export async function promote(ctx: ReleaseContext, remoteName: string, { reason }: Options = {}): Promise<Changed> {
  const remote = remoteNamed(remoteName);
  return ctx.store.change(async (state) => {
    const doc = requireDocument(ctx.store, state);
    const current = doc[remote];
    if (!current.canary) throw new Error(`${remote} has no canary to promote`);
    const promoted = deploymentAt(ctx.store, current.canary.manifest);
    if (promoted) await verifyStored(ctx.store, state, remote, promoted.version);
    await admit(ctx, remote, current.canary.manifest, doc);
    const { percentage: _all, ...location } = current.canary;
    const change = { from: versionIn(ctx.store, current.manifest), to: versionIn(ctx.store, current.canary.manifest) };
    return { document: { ...doc, [remote]: location }, history: [entry(ctx, 'promote', remote, change, reason)], value: { remote, ...change, location, removedCanary: null } };
  });
}

/**
 * rollback <remote> [<version>]: with a canary in force and no version, the canary is removed (an
 * abort: the stable version stays, a first release's included). Otherwise back to an earlier
 * version (default: the stable one before the
 * current, from the history), for every visitor; the canary, if any, is removed. Naming the
 * current stable version removes the canary only.
 */
export async function rollback(
  ctx: ReleaseContext,
  remoteName: string,
  wanted?: string,
  // ifCanary: go through only while this version is the canary (release watch judged it; a release made meanwhile is not undone).
  { reason, ifCanary }: Options & { ifCanary?: string } = {},
): Promise<Changed> {
  const remote = remoteNamed(remoteName);
  return ctx.store.change(async (state) => {
    const doc = requireDocument(ctx.store, state);
    const current = doc[remote];
    const from = versionIn(ctx.store, current.manifest);
    if (ifCanary !== undefined && (!current.canary || versionIn(ctx.store, current.canary.manifest) !== ifCanary)) {
      throw new CanaryReplaced(`${remote}'s canary is no longer ${ifCanary} (the document changed meanwhile): nothing rolled back`);
    }
    // Without a version: a canary in force is aborted (the stable version stays); with none, the stable before.
    const version = wanted
      ? publishedVersion(state, remote, wanted)
      : current.canary
        ? from
        : (previousStable(state.history, remote, from) ??
          failWith(
            `the history has no stable version of ${remote} before ${from}: name one (pnpm release rollback ${remote} <version>; published: ${versionsOf(state, remote).join(', ')})`,
          ));
    const url = manifestUrl(ctx.store, remote, version);
    if (url === current.manifest && !current.canary) throw new Error(`${remote} ${version} is the stable version already, with no canary`);
    // A version already stable enters nothing new: the canary is taken out, whatever the gate would say.
    if (url !== current.manifest) await admit(ctx, remote, url, doc);
    const location = deploymentIn(ctx.store, state, remote, version);
    const removedCanary = current.canary ? versionIn(ctx.store, current.canary.manifest) : null;
    return {
      document: { ...doc, [remote]: location },
      history: [entry(ctx, 'rollback', remote, { from, to: version, removedCanary }, reason)],
      value: { remote, from, to: version, location, removedCanary },
    };
  });
}

export interface RemoteStatus {
  remote: RemoteName;
  stable: { version: string; manifest: string };
  canary: { version: string; manifest: string; percentage: number } | null;
  health: RemoteHealth;
}

/** status: per remote, what is in force and how it is doing. Null before the first release. */
export async function status(ctx: ReleaseContext, readHealth: HealthReader = summaryHealth(ctx.summary)): Promise<RemoteStatus[] | null> {
  const doc = (await ctx.store.read()).document;
  if (!doc) return null;
  return Promise.all(
    REMOTE_NAMES.map(async (remote) => {
      const { manifest, canary: inCanary } = doc[remote];
      const stable = { version: versionIn(ctx.store, manifest), manifest };
      const canaryStatus = inCanary ? { version: versionIn(ctx.store, inCanary.manifest), manifest: inCanary.manifest, percentage: inCanary.percentage } : null;
      const health = await readHealth(remote, { stable: stable.version, canary: canaryStatus?.version ?? null });
      return { remote, stable, canary: canaryStatus, health };
    }),
  );
}

/** history [<remote>]: every change, oldest first. */
export async function history(ctx: ReleaseContext, remoteName?: string): Promise<HistoryEntry[]> {
  const remote = remoteName ? remoteNamed(remoteName) : null;
  return (await ctx.store.read()).history.filter((line) => !remote || line.remote === remote);
}
