// A write is answered only once what it changed of the signed-in pages has been told to the site's
// servers that follow this replica (hub.ts, told()): the app's or the site's next page, asked for
// as soon as the write is answered, is then never drawn from answers kept from before it.
// PostgreSQL tells the listening connection of a commit a moment after the commit itself is
// answered; the wait is a probe's round trip (about a millisecond), and none while nobody follows.
import { createMiddleware } from 'hono/factory';
import { isPageRead } from '@site/contract/page-reads';
import type { PageChangeHub } from './hub';

/** Methods that write nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Calls made with POST that write nothing a signed-in page reads: the reads themselves, and what the visitor's browser measures. */
const changesNoPage = (path: string) => path === '/page-reads' || isPageRead(path.slice(1)) || path === '/account-deletion-status' || path.startsWith('/telemetry');

export const toldBeforeAnswers = ({ pageChanges }: { pageChanges: Pick<PageChangeHub, 'told'> }) =>
  createMiddleware(async (c, next) => {
    await next();
    if (READ_METHODS.has(c.req.method) || changesNoPage(c.req.path)) return;
    // A request refused (bad input, no session, too many) has written nothing.
    if (c.res.status >= 400 && c.res.status < 500) return;
    await pageChanges.told();
  });
