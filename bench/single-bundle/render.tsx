// The single bundle's page renderer for prerendered pages: the shell's own (shell/src/server/),
// with the page imported from its sources (bench/single-bundle/bundledPages.ts) instead of a remote's
// render entry. Part of the benchmark's declared exception to the board's boundaries.
import { pageForPath, routeForPath } from '../../shell/src/app/routes';
import { renderPage as renderAround } from '../../shell/src/server/render';
import type { Locale } from '@site/shared-ui/locales';
import { loadPage } from './bundledPages';

/** `signedIn`: drawn for a visitor who looks signed in (the login cookie), as the federated site draws it; `locale`: in the page's language. */
export async function renderPage(path: string, { signedIn = false, locale }: { signedIn?: boolean; locale?: Locale } = {}) {
  // A signed-in page: the layout around its guard's loading status.
  if (routeForPath(path)?.access) return renderAround(path, null, { signedIn, locale });
  const page = pageForPath(path);
  if (!page) throw new Error(`no page at ${path}`);
  return renderAround(path, await loadPage(page), { signedIn, locale });
}
