import { notifyManager, QueryClient } from '@tanstack/react-query';
import type { CallFailure } from './callResult';

// A query's or a mutation's change reaches React in a microtask, not a timer (the library's
// default): an answer is on the screen, and in the live regions, in the task that brought it,
// as the hand-written state it replaces put it there; and a test's act() sees it.
notifyManager.setScheduler(queueMicrotask);

/** The first part of every query key: what the user service answered about the signed-in user. */
export const USER_SERVICE_QUERIES = 'user-service';

/**
 * A query's key: the user's uid, then what was asked. The answers of one user are never read for
 * another, and the session's end forgets them all (SiteProviders).
 */
export const userQueryKey = (uid: string | null, call: string) => [USER_SERVICE_QUERIES, uid, call] as const;

/** A call that settled as a failure, thrown inside a query or a mutation so that TanStack Query sees it fail. */
export class ServiceCallFailure extends Error {
  constructor(
    readonly failure: CallFailure,
    readonly code: string | null,
  ) {
    super(`user service call failed: ${failure}${code ? ` (${code})` : ''}`);
    this.name = 'ServiceCallFailure';
  }
}

/** The failure of an error thrown by a query or mutation (anything else: the service did not answer). */
export const failureOf = (error: unknown): { failure: CallFailure; code: string | null } =>
  error instanceof ServiceCallFailure ? { failure: error.failure, code: error.code } : { failure: 'unavailable', code: null };

/**
 * The site's one query client: the shell makes it and shares it with every remote (a federated
 * singleton). Nothing is retried on its own: a failure is said, and the user chooses to retry
 * (useServiceRead). Calls run whatever the browser says of the network ('always'): offline is a
 * failure to say, not a wait without end. No refetch on focus: the page does not change while
 * a screen reader reads it.
 */
export function createSiteQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'always', refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
