// The user service's answers a signed-in page's server render showed, handed to the browser's
// query client with the page (TanStack Query's dehydrate and hydrate): the page hydrates with the
// answers the server drew, and reads nothing twice. Each handed-over answer stands for the first
// read of it that mounts (useServiceRead: drawn at once, not asked for again); a read of it that
// mounts later (the visitor comes back to the tab, or to the page) asks afresh, as any read does.
import { dehydrate, hashKey, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { userQueryKey } from './queryClient';

/** The handed-over answers no read has shown yet, by query hash. */
const unclaimed = new Set<string>();

/**
 * On the server: a signed-in page's answers (by read name, for the user `uid`) in its render's
 * query client, standing for the reads its render mounts. Answers the state to hand over.
 */
export function handOverAnswers(client: QueryClient, uid: string, answers: Record<string, unknown>): DehydratedState {
  for (const [name, data] of Object.entries(answers)) {
    const key = userQueryKey(uid, name);
    client.setQueryData(key, data);
    unclaimed.add(hashKey(key));
  }
  return dehydrate(client);
}

/** In the browser, before the page hydrates: the answers the server handed over, in the page's query client. */
export function adoptHandedOverAnswers(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  for (const query of state.queries) unclaimed.add(query.queryHash);
}

/** Whether the answer under `key` was handed over and no read has shown it yet. */
export const isHandedOver = (key: readonly unknown[]): boolean => unclaimed.has(hashKey(key));

/** A read has shown the handed-over answer under `key`: the next read of it asks afresh. */
export function claimHandedOver(key: readonly unknown[]): void {
  unclaimed.delete(hashKey(key));
}

/**
 * The handed-over answers no read has shown are dropped: they were the document's first page's,
 * and the visitor has moved on (the shell calls it at the first navigation), or a test starts afresh.
 */
export function forgetHandedOverAnswers(): void {
  unclaimed.clear();
}
