// The shell's server build (tools/webpack.cjs serverConfig): renders one route of the site to HTML
// as the browser's first render draws it, with the default theme and language, for a visitor who
// looks signed in (the login cookie) or not: a public page, around a page from its remote's render
// entry, or a signed-in page (for a visitor who looks signed in), whose guard shows its loading
// status (the session is not known yet) and needs no page. It also provides the shared singletons to
// that render entry, as the shell provides them to remotes in the browser: one React, one
// styled-components, one shared-ui for the whole render. The site's server runs a fresh copy of
// this build for each render: styled-components names its components in creation order, so each
// render starts from a fresh module state, created in the browser's order (shared-ui, the shell's
// layout, then the page).
import { ServerPageTitle, ServerSignedInHint, SiteProviders, StaticRouter } from '@site/shared-ui';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { Layout } from '../app/App';
import { providePage } from './serverPages';

/**
 * The shared singletons (tools/webpack.cjs sharedSingletons), each loaded when a render entry asks
 * for it: what the remotes' render entries take from the shell.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each loaded when asked for, in the render entry's order (an import would load them all first) */
export const shared: Record<string, () => unknown> = {
  react: () => require('react'),
  'react/jsx-runtime': () => require('react/jsx-runtime'),
  'react-dom': () => require('react-dom'),
  'react-dom/client': () => require('react-dom/client'),
  'styled-components': () => require('styled-components'),
  i18next: () => require('i18next'),
  'firebase/compat/app': () => require('firebase/compat/app'),
  'firebase/compat/auth': () => require('firebase/compat/auth'),
  '@site/shared-ui': () => require('@site/shared-ui'),
  '@tanstack/react-query': () => require('@tanstack/react-query'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** How React marks a Suspense boundary whose server render failed (left to the browser). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's HTML, its styles, and the document's title as the page sets it (null if it sets none).
 * `page`: null for a signed-in page (`signedIn`), whose guard waits for the session: a page that
 * would be needed all the same fails the render.
 */
export async function renderPage(
  path: string,
  page: { default: React.ComponentType } | null,
  { signedIn = false }: { signedIn?: boolean } = {},
): Promise<{ html: string; styles: string; title: string | null }> {
  providePage(page);
  const sheet = new ServerStyleSheet();
  let title: string | null = null;
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ServerPageTitle.Provider value={(pageTitle) => (title = pageTitle)}>
          <ServerSignedInHint.Provider value={signedIn}>
            <SiteProviders>
              <StaticRouter location={path}>
                <Layout />
              </StaticRouter>
            </SiteProviders>
          </ServerSignedInHint.Provider>
        </ServerPageTitle.Provider>,
      ),
    );
    // A page that threw inside a Suspense boundary is not an error to renderToString: React sends
    // that boundary's fallback, marked to be rendered by the browser, which would then report a
    // hydration error as well as the page's own. Such a page is served empty instead.
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) throw new Error(`${path} failed to render on the server`);
    return { html, styles: sheet.getStyleTags(), title };
  } finally {
    sheet.seal();
  }
}
