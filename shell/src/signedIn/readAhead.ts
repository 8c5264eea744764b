// Shared-ui's modules by their own entries, not its index: the shell's entry sends a read before
// shared-ui (and React, which it needs) has arrived (./earlySession.ts).
import { freshLoginToken } from '@site/shared-ui/login-token';
import { withTimeLimit, type CallResult, type ServiceCall } from '@site/shared-ui/service-call';
import { loginCookieToken } from '@site/shared-ui/session-cookie';
import { createUserServiceClient, type UserServiceClient } from '@site/shared-ui/user-service';

/**
 * Reads of the signed-in user's data sent as a page that waits for sign-in starts, with the ID
 * token of the login cookie (the Authorization header every call carries), instead of
 * after the auth SDK has loaded, looked the stored user up and said who is signed in: on a slow
 * network that is a round trip to the user service less before the page is drawn. The guards still
 * let the page through only once the SDK says the user is signed in (docs/product.md, "Guards"); an
 * answer read ahead is then taken by the guard that asks for it, for that same user only.
 */

interface Read {
  uid: string;
  /**
   * The visit to a page it was sent for (the page's path: a change of its query alone is the same
   * visit, a navigation to another page is not; each page is drawn afresh, App.tsx); null: the
   * document's first page, sent before the router existed, until that page claims it.
   */
  visit: string | null;
  result: Promise<CallResult<unknown>>;
  /** The answer, once it has arrived (a failure is never kept: the guard then asks itself). */
  answer?: { data: unknown };
}

const reads = new Map<string, Read>();

/**
 * Sends the read `key` at once with the login cookie's token (`call`, given a client that carries
 * it), unless the cookie holds no token fresh enough. It stands for one visit to a page (`visit`,
 * the page's path): only that visit's guard takes it, and the caller drops it when the visit ends
 * (dropReadAhead). A read already on its way is not sent again: one sent for the document's first
 * page before the router existed (`visit` null) is that page's, claimed here.
 */
export function readAhead<T>(key: string, visit: string | null, call: (client: UserServiceClient) => ServiceCall<T>): void {
  const sent = reads.get(key);
  if (sent) {
    if (sent.visit === null) sent.visit = visit;
    return;
  }
  // Sent only with a token fresh enough (the one rule of shared-ui's login-token), and taken only
  // for the user the SDK then says is signed in: the token is decoded here, verified by the service.
  const token = loginCookieToken();
  const fresh = freshLoginToken(token);
  if (!token || !fresh) return;
  const client = createUserServiceClient(async () => token);
  const read: Read = { uid: fresh.user.uid, visit, result: withTimeLimit(call(client)) };
  read.result.then(
    (result) => {
      if (result.ok) read.answer = { data: result.data };
    },
    () => undefined,
  );
  reads.set(key, read);
}

/** Forgets the read `key` (the page it was sent for is left): a later page reads afresh. */
export function dropReadAhead(key: string): void {
  reads.delete(key);
}

/**
 * The read `key` sent ahead for this visit and this user (`uid`, as the SDK says it), if any: its
 * answer once it has arrived, else the call to make, which waits for it and asks again if it
 * failed. None: `ask`. (The page a navigation leaves is dropped only after the next is drawn: its
 * read is not the next page's, whose guard reads afresh.)
 */
export function readAheadFor<T>(key: string, visit: string, uid: string | null, ask: ServiceCall<T>): { answered?: T; call: ServiceCall<T> } {
  const read = uid === null ? undefined : reads.get(key);
  if (!read || read.uid !== uid || read.visit !== visit) return { call: ask };
  if (read.answer) return { answered: read.answer.data as T, call: ask };
  const result = read.result as Promise<CallResult<T>>;
  return { call: async (init) => ((await result.catch(() => null))?.ok ? result : ask(init)) };
}
