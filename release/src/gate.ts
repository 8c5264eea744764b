// The compatibility gate: does a remote's build fit the site it would run in? Module Federation
// only warns when a shared singleton does not satisfy a requirement, and then runs with the wrong
// copy; here such a build is refused before it is published or enters the remotes document.
import type { RemoteName } from '@site/shared-ui/remotes-document';
import type { RouteTable } from '@site/shared-ui/route-table';
import type { FederationManifest, FederationRuntimeRecord } from '@site/site-server';
import semver from 'semver';
import { existsSync, readFileSync } from 'node:fs';

export type { FederationManifest };

/**
 * A module of which one instance runs in the page, as a manifest records it (a shared module, or the
 * federation runtime). A manifest is read as it is: any of these may be missing, and is checked.
 */
type SingletonEntry = Pick<FederationRuntimeRecord, 'name'> & Partial<Pick<FederationRuntimeRecord, 'version' | 'singleton' | 'requiredVersion'>>;

/** A build the candidate would run beside: the shell, or another remote in force (stable or canary). */
export interface InForce {
  /** How a problem names it: "shell", "mfe_auth", "mfe_auth (canary)". */
  label: string;
  manifest: FederationManifest;
}

export interface GateInput {
  remote: RemoteName;
  candidate: FederationManifest;
  inForce: InForce[];
  routeTable: RouteTable;
}

const satisfies = (version: string, range: string) => semver.satisfies(version, range, { includePrerelease: true });

/**
 * Both directions, for every singleton either side shares: each side's version must satisfy the
 * other's requirement. A singleton the other side shares and the candidate does not (it would run
 * its own copy beside the site's), or one shared without a version or a requirement (nothing to
 * check it against), is a problem too: the gate never passes what it could not check.
 */
function singletonProblems(candidate: readonly SingletonEntry[] = [], other: { label: string; shared?: readonly SingletonEntry[] }): string[] {
  const problems: string[] = [];
  const mineByName = new Map(candidate.map((entry) => [entry.name, entry]));
  for (const theirs of other.shared ?? []) {
    if (theirs.singleton && !mineByName.has(theirs.name)) {
      problems.push(`${theirs.name}: ${other.label} shares it as a singleton, the candidate does not share it (it would run a copy of its own)`);
    }
  }
  for (const mine of candidate) {
    const theirs = other.shared?.find((entry) => entry.name === mine.name);
    if (!theirs || !(mine.singleton || theirs.singleton)) continue;
    for (const [side, entry] of [
      ['candidate', mine],
      [other.label, theirs],
    ] as const) {
      if (!entry.version) problems.push(`${mine.name}: ${side}'s manifest does not record the version it provides`);
      if (typeof entry.requiredVersion !== 'string' || !semver.validRange(entry.requiredVersion)) {
        problems.push(`${mine.name}: ${side} declares no version range it requires (requiredVersion ${JSON.stringify(entry.requiredVersion ?? null)})`);
      }
    }
    if (mine.version && typeof theirs.requiredVersion === 'string' && !satisfies(mine.version, theirs.requiredVersion)) {
      problems.push(`${mine.name}: candidate provides ${mine.version}, ${other.label} requires ${theirs.requiredVersion}`);
    }
    if (theirs.version && typeof mine.requiredVersion === 'string' && !satisfies(theirs.version, mine.requiredVersion)) {
      problems.push(`${mine.name}: candidate requires ${mine.requiredVersion}, ${other.label} provides ${theirs.version}`);
    }
  }
  return problems;
}

/**
 * The federation runtime is a singleton of the page like the shared ones: a remote runs on the
 * runtime the shell provides, so each build must record it (the versions are then checked both
 * ways), and a remote that takes it from the page needs a build in force that provides it.
 */
function runtimeProblems(candidate: FederationManifest, inForce: InForce[]): string[] {
  const runtimeOf = (manifest: FederationManifest) => manifest.metaData?.federationRuntime;
  const mine = runtimeOf(candidate);
  const unrecorded = (side: string) => `federation runtime: ${side} manifest does not record it (metaData.federationRuntime)`;
  if (!mine) return [unrecorded("the candidate's")];
  const problems: string[] = [];
  for (const other of inForce) {
    const theirs = runtimeOf(other.manifest);
    if (!theirs) problems.push(unrecorded(`${other.label}'s`));
    else problems.push(...singletonProblems([mine], { label: other.label, shared: [theirs] }));
  }
  if (!mine.provides && !inForce.some((other) => runtimeOf(other.manifest)?.provides)) {
    problems.push(`federation runtime: the candidate runs on the runtime its page provides, and no build in force provides one`);
  }
  return problems;
}

/** Every module the shell's route table loads from this remote must be exposed by the candidate. */
function exposeProblems(remote: RemoteName, candidate: FederationManifest, routeTable: RouteTable): string[] {
  const exposed = new Set((candidate.exposes ?? []).flatMap((entry) => [entry.path, ...(entry.name ? [`./${entry.name}`] : [])]));
  const needed = new Set(
    Object.values(routeTable.pages)
      .filter((page) => page.remote === remote)
      .map((page) => page.module),
  );
  return [...needed].filter((module) => !exposed.has(module)).map((module) => `${module}: the shell's route table loads it from ${remote}, the candidate does not expose it`);
}

/** One line per problem; none means the candidate fits. No option skips a check. */
export function compatibilityProblems({ remote, candidate, inForce, routeTable }: GateInput): string[] {
  const problems: string[] = [];
  if (candidate.name !== remote) problems.push(`name: the candidate's manifest is ${candidate.name || 'unnamed'}, not ${remote}`);
  problems.push(...runtimeProblems(candidate, inForce));
  for (const other of inForce) problems.push(...singletonProblems(candidate.shared, { label: other.label, shared: other.manifest.shared }));
  problems.push(...exposeProblems(remote, candidate, routeTable));
  return problems;
}

/** A problem the gate cannot check past: a manifest or route table it could not read. */
export class Unreadable extends Error {
  override name = 'Unreadable';
}

export function readJsonFile<T>(file: string, what: string): T {
  if (!existsSync(file)) throw new Unreadable(`${what}: nothing at ${file}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Unreadable(`${what}: ${file} is not JSON (${(error as Error).message})`);
  }
}

const FETCH_TIMEOUT_MS = 5_000;

/** A manifest in force on another host: fetched with a timeout (a gate that hangs blocks a rollback). */
export async function fetchManifest(url: string, what: string): Promise<FederationManifest> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new Unreadable(`${what}: its manifest ${url} could not be fetched (${(error as Error).message})`);
  }
  if (!response.ok) throw new Unreadable(`${what}: its manifest ${url} answered ${response.status}`);
  try {
    return (await response.json()) as FederationManifest;
  } catch {
    throw new Unreadable(`${what}: its manifest ${url} is not JSON`);
  }
}
