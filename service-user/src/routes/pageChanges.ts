import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { PageChangeEvent } from '@site/contract/page-changes';
import { verifyPageChangesRequest } from '@site/contract/view-token';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { nodeResponse, requestHeader } from '../http/nodeMessages';

/** What a follower that does not read may leave unread before its stream is ended (it follows again, having read every page meanwhile). */
export const PAGE_CHANGES_MAX_UNREAD_BYTES = 1024 * 1024;

/**
 * GET /page-changes: the site's servers follow what changes of the signed-in pages' answers
 * (pageChanges/hub.ts, @site/contract/page-changes), as server-sent events: `ready` once this
 * replica hears every change, then `changed` (a user's key, or '*') and `ping`. Asked with a
 * request signed with the view tokens' secret, as only the site's server can.
 *
 * Each event is written to Node's response as it is heard: a change this replica commits itself is
 * heard as it commits (the embedded database tells it before the write's own answer is sent), so
 * it is on its way to the site's servers before the write is answered, not a few web-stream turns
 * after (measured: 3–5 ms after the answer through hono's streamSSE, which a reload right after an
 * app's write could beat).
 */
export function pageChangeRoutes({ config, pageChanges, logger }: Pick<Deps, 'config' | 'pageChanges' | 'logger'>) {
  return new Hono().get('/page-changes', async (c) => {
    // A follower that hangs up, whenever it does (even before it follows): it follows no more.
    const outgoing = nodeResponse(c);
    let unfollow = () => {};
    let gone = false;
    outgoing?.on('close', () => {
      gone = true;
      unfollow();
    });
    const request = /^Bearer ([A-Za-z0-9._-]+)$/.exec(requestHeader(c, 'authorization') ?? '')?.[1];
    if (!request || !(await verifyPageChangesRequest(config.viewTokenSecret, request))) {
      throw new ApiError(401, 'page_changes_request_invalid', "Sign the request with the view tokens' secret (VIEW_TOKEN_SECRET), as the site's server does.");
    }
    if (!outgoing) throw new ApiError(501, 'page_changes_not_served', "Page changes are streamed by the service's Node server only.");
    try {
      await pageChanges.listening();
    } catch (error) {
      logger.warn({ err: error }, 'page changes cannot be heard: the database refused to listen');
      c.header('Retry-After', '5');
      throw new ApiError(503, 'page_changes_unavailable', 'Page changes cannot be followed right now. Please try again in a moment.');
    }
    if (gone) return RESPONSE_ALREADY_SENT;
    outgoing.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
    outgoing.socket?.setNoDelay(true);
    const end = () => {
      unfollow();
      if (!outgoing.writableEnded) outgoing.end();
    };
    const send = (event: PageChangeEvent, data = '') => {
      if (outgoing.writableEnded) return;
      // A follower that reads nothing is cut off, its connection with it (it follows again, having read every page meanwhile).
      if (outgoing.writableLength > PAGE_CHANGES_MAX_UNREAD_BYTES) {
        unfollow();
        return void outgoing.destroy();
      }
      outgoing.write(`event: ${event}\ndata: ${data}\n\n`);
    };
    unfollow = pageChanges.follow({ changed: (key) => send('changed', key), ping: () => send('ping'), ended: end });
    send('ready');
    return RESPONSE_ALREADY_SENT;
  });
}
