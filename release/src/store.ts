// The deployment store: a remote's versions (each a copy of a build, written once, with the sha256
// of the files run as they are fetched) and the release state (the remotes document in force and
// every change's history line). One interface (Store), two implementations chosen by configuration
// (openStore.ts): the folder (folderStore.ts, the embedded default), a folder any static host or
// bucket can serve as it is,
//
//   <remote-folder>/<version>/…   a copy of a build, never overwritten (hashed files, the entry
//                                 remoteEntry.<hash>.js among them, immutable; mf-manifest.json revalidated)
//   <remote-folder>/<version>.integrity.json
//                                 the sha256 of its manifest, entry and render entry, recorded
//                                 when it was published (not served: the document carries it)
//   remotes.json                   the remotes document in force (document.ts)
//   history.jsonl                  every change, appended (history.ts)
//
// and, for teams releasing from machines that share no folder, the state in PostgreSQL with the
// versions in an S3 bucket under the same keys (pgS3Store.ts).
import { REMOTE_NAMES, type Deployment, type Integrity, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { sriSha256 } from '@site/rendering/integrity';
import { remoteFolder } from '@site/site-server/runtime-config';
import lockfile from 'proper-lockfile';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HistoryEntry } from './history';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A folder store's place: the folder, and the origin and path it is served from (no trailing slash). */
export interface Folder {
  dir: string;
  baseUrl: string;
}

/** A version as the state records it: published with this integrity (null: before integrity was recorded). */
export interface PublishedVersion {
  remote: RemoteName;
  version: string;
  integrity: Integrity | null;
}

/** The release state as one change reads it. */
export interface ReleaseState {
  /** The document in force; null before the first release. */
  document: RemotesDocument | null;
  /** Every change, oldest first. */
  history: HistoryEntry[];
  /** Every published version, oldest first. */
  published: PublishedVersion[];
}

/** What a change writes, all or nothing, and what it answers. */
export interface StateChange<T> {
  document?: RemotesDocument;
  /** Lines appended to the history, in order. */
  history?: HistoryEntry[];
  /** Versions uploaded by this change that now count as published. */
  published?: PublishedVersion[];
  value: T;
}

/**
 * A deployment store: the versions' files and the release state. Every change of the state goes
 * through `change`: it reads the state, lets `apply` decide, and writes what it returns as one,
 * with no other change in between (two release commands at once end as two ordered changes, or a
 * refusal that says why); when `apply` throws, or the store fails, nothing is written.
 */
export interface Store {
  kind: 'folder' | 'postgres+s3';
  /** What `release status` says it talks to. */
  description: string;
  /** The origin and path the versions are served from, without a trailing slash. */
  baseUrl: string;
  read(): Promise<ReleaseState>;
  change<T>(apply: (state: ReleaseState) => Promise<StateChange<T>>): Promise<T>;
  /**
   * Writes a build's files as `version` (its content hash checked), where they are served, never
   * over a published one, each stored file checked against the build before it returns; the
   * version counts as published once a change records it (`published`). Returns its integrity.
   */
  upload(remote: RemoteName, dist: string, version: string): Promise<Integrity>;
  /** Throws, naming the file, when a published version's stored files are not the ones its integrity records. */
  verify(remote: RemoteName, version: string, integrity: Integrity | null): Promise<void>;
  /** The bytes of one of the store's URLs (null: not the store's URL; throws when nothing is there). */
  fetchStored(url: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** A mistake in how the command was called (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A remote by its name (mfe_account) or its folder (mfe-account). */
export function remoteNamed(value: string): RemoteName {
  const remote = REMOTE_NAMES.find((name) => name === value || remoteFolder(name) === value.replace(/\/+$/, ''));
  if (!remote) throw new UsageError(`${value} is not a remote (the remotes: ${REMOTE_NAMES.join(', ')})`);
  return remote;
}

/** Every file of a build, by its path inside the build ('/' separated), in a stable order. */
export function filesOf(dist: string, folder = ''): string[] {
  return readdirSync(join(dist, folder), { withFileTypes: true })
    .flatMap((entry) => {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesOf(dist, path) : statSync(join(dist, path)).isFile() ? [path] : [];
    })
    .sort();
}

/** The first 12 hex digits of a sha256 over the build's file names and contents. */
export const contentHash = (dist: string): string => contentHashOf(filesOf(dist).map((file) => [file, readFileSync(join(dist, file))]));

/** The same over files already read, by their paths in the build. */
export function contentHashOf(files: [path: string, content: Buffer][]): string {
  const hash = createHash('sha256');
  for (const [file, content] of files) {
    // Name and length first, so that no two different builds feed the hash the same bytes.
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 12);
}

/** The version a build gets in the store: its package version, then its content hash. */
export const versionOf = (packageVersion: string, dist: string) => `${packageVersion}-${contentHash(dist)}`;

export const versionDir = (store: Folder, remote: RemoteName, version: string) => join(store.dir, remoteFolder(remote), version);

export const manifestUrl = (store: Pick<Store, 'baseUrl'>, remote: RemoteName, version: string) => `${store.baseUrl}/${remoteFolder(remote)}/${version}/mf-manifest.json`;

/** The remote and version of a manifest URL of this store, or null for any other URL. */
export function deploymentAt(store: Pick<Store, 'baseUrl'>, url: string): { remote: RemoteName; version: string } | null {
  if (!url.startsWith(`${store.baseUrl}/`)) return null;
  const [folder, version, file, ...rest] = url.slice(store.baseUrl.length + 1).split('/');
  const remote = REMOTE_NAMES.find((name) => remoteFolder(name) === folder);
  return remote && version && file === 'mf-manifest.json' && rest.length === 0 ? { remote, version } : null;
}

/** The file behind a URL of this store (null for another URL, or one that leaves the folder). */
export function storeFileAt(store: Folder, url: string): string | null {
  if (!url.startsWith(`${store.baseUrl}/`)) return null;
  const file = resolve(store.dir, decodeURIComponent(url.slice(store.baseUrl.length + 1).split(/[?#]/)[0] ?? ''));
  return file.startsWith(store.dir + sep) ? file : null;
}

/** A remote's published versions, oldest first. */
export function publishedVersions(store: Folder, remote: RemoteName): string[] {
  const folder = join(store.dir, remoteFolder(remote));
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => ({ version: entry.name, at: statSync(join(folder, entry.name)).mtimeMs }))
    .sort((a, b) => a.at - b.at)
    .map(({ version }) => version);
}

/**
 * What the release records of a build's files that are run as they are fetched: its manifest, its
 * entry (the browser's) and its render entry (the site's server's), each one's sha256 by its path in
 * the build (the manifest names the entries).
 */
export const integrityOfBuild = (dist: string): Integrity => integrityOf((file) => readFileSync(join(dist, file)));

/** The same, of a build whose files `read` gives by their paths in it. */
export function integrityOf(read: (file: string) => Buffer): Integrity {
  const manifest = read('mf-manifest.json');
  const { metaData } = JSON.parse(manifest.toString('utf8')) as { metaData?: { remoteEntry?: { name: string; path?: string }; ssrRemoteEntry?: { name: string; path?: string } } };
  const pathOf = (entry: { name: string; path?: string }) => `${entry.path ? `${entry.path.replace(/^\/+|\/+$/g, '')}/` : ''}${entry.name}`;
  const files = ['mf-manifest.json', ...[metaData?.remoteEntry, metaData?.ssrRemoteEntry].flatMap((entry) => (entry ? [pathOf(entry)] : []))];
  return Object.fromEntries(files.map((file) => [file, sriSha256(file === 'mf-manifest.json' ? manifest : read(file))]));
}

const integrityFile = (store: Folder, remote: RemoteName, version: string) => `${versionDir(store, remote, version)}.integrity.json`;

/** A published version as the document names it: its manifest, with the integrity recorded when it was published (none for a version published before integrity was recorded). */
export function deploymentIn(store: Folder, remote: RemoteName, version: string): Deployment {
  const manifest = manifestUrl(store, remote, version);
  const file = integrityFile(store, remote, version);
  return existsSync(file) ? { manifest, integrity: JSON.parse(readFileSync(file, 'utf8')) as Integrity } : { manifest };
}

/**
 * Checks a published version's stored files against the integrity recorded when it was published:
 * throws, naming the file, when one is missing or no longer the bytes recorded (a store changed
 * behind the release command's back would serve visitors the error page). A version published
 * before integrity was recorded has nothing to check against.
 */
export function verifyStoredIntegrity(store: Folder, remote: RemoteName, version: string): void {
  const { integrity } = deploymentIn(store, remote, version);
  for (const [file, recordedHash] of Object.entries(integrity ?? {})) {
    const stored = join(versionDir(store, remote, version), file);
    if (!existsSync(stored)) throw new Error(`${remote} ${version}: ${file} is missing from the store (its integrity was recorded at publish); publish the build again`);
    if (sriSha256(readFileSync(stored)) !== recordedHash)
      throw new Error(`${remote} ${version}: ${file} in the store is not the file published (its sha256 differs from the integrity recorded); publish the build again`);
  }
}

/**
 * Records a version's integrity from a build that is that version (its content hash checked), once:
 * written aside and renamed into place.
 */
function recordIntegrity(store: Folder, remote: RemoteName, build: string, version: string) {
  const file = integrityFile(store, remote, version);
  if (existsSync(file)) return;
  const incoming = `${file}.incoming-${randomBytes(6).toString('hex')}`;
  writeFileSync(incoming, `${JSON.stringify(integrityOfBuild(build), null, 2)}\n`);
  renameSync(incoming, file);
}

/**
 * Copies a build into `<remote-folder>/<version>/`, never over an existing one: copied into a
 * hidden folder first, checked against the version it was given (a build changing while it is
 * copied is refused), then renamed into place, so a half-copied version is never served.
 * @returns false when this version was already published (same content: nothing copied)
 */
export function copyIntoStore(store: Folder, remote: RemoteName, dist: string, version: string): boolean {
  const target = versionDir(store, remote, version);
  if (existsSync(target) && existsSync(integrityFile(store, remote, version))) return false;
  const incoming = join(store.dir, remoteFolder(remote), `.incoming-${randomBytes(6).toString('hex')}`);
  mkdirSync(incoming, { recursive: true });
  try {
    cpSync(dist, incoming, { recursive: true, dereference: true, errorOnExist: true });
    if (!version.endsWith(`-${contentHash(incoming)}`)) throw new Error(`${dist} changed while it was being copied; publish it again once its build is finished`);
    // The copy is this version: what it records is the version's, published now or before.
    recordIntegrity(store, remote, incoming, version);
    if (existsSync(target)) return false; // published before (or meanwhile by another run): same content
    renameSync(incoming, target);
    return true;
  } finally {
    rmSync(incoming, { recursive: true, force: true });
  }
}

/** Runs a change of the store with no other release command changing it at the same time. */
export async function withStoreLock<T>(store: Folder, change: () => Promise<T>): Promise<T> {
  mkdirSync(store.dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(store.dir, {
      lockfilePath: join(store.dir, '.release.lock'),
      retries: { retries: 20, minTimeout: 100, maxTimeout: 500 },
    });
  } catch {
    throw new Error(`another release command is changing ${store.dir} (lock ${join(store.dir, '.release.lock')}); try again when it has finished`);
  }
  try {
    return await change();
  } finally {
    await release();
  }
}
