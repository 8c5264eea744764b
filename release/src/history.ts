// The store's history: one JSON line per change, appended, never rewritten (history.jsonl).
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/** Where a folder store keeps its files (store.ts's Folder: the history is one of them). */
type Store = { dir: string };

export type Verb = 'publish' | 'init' | 'canary' | 'promote' | 'rollback';

export interface HistoryEntry {
  /** ISO 8601, UTC. */
  when: string;
  who: string;
  verb: Verb;
  remote: RemoteName;
  /** The version before the change (the canary's for `canary`, the stable's otherwise), if any. */
  from: string | null;
  /** The version after it (the one published for `publish`). */
  to: string | null;
  /** The canary's share of visitors, for `canary`. */
  percentage: number | null;
  /** The canary this change took out of the document (a rollback, or a canary replaced by another), if any. */
  removedCanary?: string | null;
  reason: string | null;
}

export const historyPath = (store: Store) => join(store.dir, 'history.jsonl');

/** Who is releasing: RELEASE_ACTOR (a CI job names itself), else the account running the command. */
export function actor(env: Record<string, string | undefined>): string {
  if (env.RELEASE_ACTOR) return env.RELEASE_ACTOR;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

export function readHistory(store: Store): HistoryEntry[] {
  const file = historyPath(store);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line) as HistoryEntry];
      } catch {
        // Only whole lines are appended: one that is not JSON was cut short by a crash while it
        // was written, and is not a change that happened (the next line starts on a line of its own).
        return [];
      }
    });
}

export function appendHistory(store: Store, entry: HistoryEntry): void {
  const file = historyPath(store);
  // A line cut short by a crash must not swallow this one.
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const torn = before.length > 0 && !before.endsWith('\n');
  const fd = openSync(file, 'a', 0o644);
  try {
    writeSync(fd, `${torn ? '\n' : ''}${JSON.stringify(entry)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The versions a remote has had as stable, oldest first, as a stack that a rollback unwinds: a
 * rollback to a version already in it goes back to that point (so rolling back again goes further
 * back, not forward to the version just left); to a version never stable, it is added.
 */
export function stableLineage(entries: HistoryEntry[], remote: RemoteName): string[] {
  const lineage: string[] = [];
  for (const entry of entries) {
    if (entry.remote !== remote || !entry.to) continue;
    if (entry.verb === 'init' || entry.verb === 'promote') lineage.push(entry.to);
    if (entry.verb === 'rollback') {
      const at = lineage.lastIndexOf(entry.to);
      if (at >= 0) lineage.splice(at + 1);
      else lineage.push(entry.to);
    }
  }
  return lineage;
}

/** The stable version before the current one, from the history; null when it does not say. */
export function previousStable(entries: HistoryEntry[], remote: RemoteName, current: string): string | null {
  const lineage = stableLineage(entries, remote);
  return lineage.length >= 2 && lineage.at(-1) === current ? lineage.at(-2)! : null;
}
