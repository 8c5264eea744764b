// Renders one route of the site to HTML, as the browser's first render would draw it with the
// default theme and language and no one signed in. Run by shell/prerender/run.mjs, one process
// per route: styled-components names its components in creation order, so each render starts
// from a fresh module state, in the same order as the browser's (shared-ui, then the shell's App,
// then the page).
import { SiteProviders } from '@site/shared-ui';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { Layout } from '../src/app/App';
import { pageForPath } from '../src/app/routes';
import { loadPage } from './pages';

export async function renderPage(path: string): Promise<{ html: string; styles: string }> {
  const page = pageForPath(path);
  if (!page) throw new Error(`no page at ${path}`);
  await loadPage(page);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <SiteProviders>
          <StaticRouter location={path}>
            <Layout />
          </StaticRouter>
        </SiteProviders>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
