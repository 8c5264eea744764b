import { pageForPath, pages, siteRoutes } from '../app/routes';
import { whenIdle } from '../app/whenIdle';
import { loadAhead, prefetchPage, type ExposedPage } from '../remotes/federation';

/** Starts fetching the code of the page behind a link, when the visitor shows interest in it. */
export function prefetchRoute(to: string): void {
  const pathname = new URL(to, window.location.href).pathname;
  const page = pageForPath(pathname);
  if (page) loadAhead(page);
}

/**
 * The next likely pages of a visitor on `page`: the other public pages of the same remote (from
 * the landing page: contact, about, accessibility, privacy, terms; not the newsletter's link pages). Its code is already running, so they cost
 * only their own chunks, and no other remote is touched.
 */
export function likelyNextPages(page: ExposedPage): ExposedPage[] {
  // The public pages a visitor browses to (prerendered); not the pages a mail's link opens (the newsletter's).
  const publicPages = new Set(siteRoutes.filter((route) => route.prerender).map((route) => pages[route.page]));
  return [...publicPages].filter((other) => other.remote === page.remote && other.module !== page.module);
}

/**
 * Once the browser is idle after a page has shown, fetches (without running) its likely next
 * pages' chunks: one page per idle period, the next once the last one's files have arrived. The
 * runtime works out each page's files (and the shared modules they need) in one go: for the three
 * pages at once, that was one long task on a slow phone, in which a tap or a key waited.
 */
export function prefetchLikelyNextPagesWhenIdle(page: ExposedPage): void {
  const prefetchInTurn = ([next, ...rest]: ExposedPage[]) => {
    if (next) whenIdle(() => void prefetchPage(next).then(() => prefetchInTurn(rest)));
  };
  prefetchInTurn(likelyNextPages(page));
}
