// The user service's changes to what a signed-in page shows, told to the site's servers as they
// happen (GET /page-changes, a stream of server-sent events), so that a server may draw a user's
// page again from answers it read before, instead of reading them for every request, for as long
// as it hears that nothing of that user changed. Server to server only: the browser never reads it.
//
// - `ready`: the service hears every change from now on (its database's notifications are on);
//   what a server read before it may have missed one.
// - `changed`: what one user's pages show changed (the data is the user's key, a digest of the uid:
//   the stream names nobody), or `*`: every user's (a product renamed).
// - `ping`: every PAGE_CHANGES_PING_MS, sent only once the service has checked that it still hears
//   its database: a server that hears nothing for PAGE_CHANGES_SILENCE_MS stops trusting the stream.
//
// The request is a short JWS of the view tokens' secret (viewToken.ts, audience 'page-changes').
import { createHash } from 'node:crypto';

/** The stream's events (the service writes them, the site's server reads them; the compiler holds both to these names). */
export type PageChangeEvent = 'ready' | 'changed' | 'ping';

/** A `changed` event's data for every user at once. */
export const EVERY_USER = '*';

/** How often the service says the stream is alive (after checking its database still tells it). */
export const PAGE_CHANGES_PING_MS = 5_000;

/** A server that has heard nothing on the stream for this long takes it for lost. */
export const PAGE_CHANGES_SILENCE_MS = 3 * PAGE_CHANGES_PING_MS;

/** A user's key on the stream: what the service names and the site's server looks for, from the uid (a digest: the stream carries nobody's id). */
export const pageChangeKey = (uid: string): string => createHash('sha256').update(uid).digest('base64url');
