import { loadPage } from '../remotes/federation';
import { pageForPath } from '../app/routes';

/** Starts fetching the code of the page behind a link, when the visitor shows interest in it. */
export function prefetchRoute(to: string): void {
  const pathname = new URL(to, window.location.href).pathname;
  const page = pageForPath(pathname);
  if (page) loadPage(page).catch(() => undefined /* shown by the page's own boundary if visited */);
}
