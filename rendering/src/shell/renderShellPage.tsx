// The shell's page renderer, for its server build (shell/src/server/render.tsx gives it the shell's
// layout): one route of the site to HTML as the browser's first render draws it, with the default
// theme, in the page's language. A public page, around the page its remote's render entry gave; a signed-in
// page's loading status (its guard waits for the session; no page); or a signed-in page drawn whole
// for the user the service verified, its session and the service's answers put where the browser's
// first render will find them (handed over with the HTML). The site's server runs a copy of that
// build for each page it draws (styled-components names its components in creation order) and
// keeps a signed-in page's copy for every user's render of it: the session, the query client, the
// style sheet and the language are set by each render, which never overlaps another.
import {
  adoptServerSession,
  createSiteQueryClient,
  DEFAULT_LOCALE,
  handOverAnswers,
  i18n,
  ServerPageDescription,
  ServerPageTitle,
  ServerSignedInHint,
  SiteProviders,
  StaticRouter,
} from '@site/shared-ui';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { HandedOverState, PageModule, ShellRenderer } from '../contract';
import { serverStyleElement } from './serverStyles';

/** How React marks a Suspense boundary whose server render failed (left to the browser). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export interface ShellLayout {
  /** The site's layout (header, main with the routes, footer), inside the providers the render gives. */
  Layout: ComponentType;
  /** Hands the shell's stand-in for its page loader the page of this render (null: none). */
  providePage(page: PageModule | null): void;
}

export function shellPageRenderer({ Layout, providePage }: ShellLayout): ShellRenderer['renderPage'] {
  // One style sheet for every render of this copy: a component's rules are made (stylis) the first
  // time a render uses them, and found in the sheet by every render after it. A copy draws one page
  // (for every user of it), so the sheet holds that page's rules, those of each state any user's
  // render has shown it in: a few rules more than one render needs, never another page's. A sheet
  // made afresh for each render made every rule again for each user (about 0.6 ms of a signed-in
  // page's server time). What one render leaves in the sheet for the next user's is CSS of the
  // page's own components in the states the code defines (a badge's active or inactive colour:
  // their interpolations read variants, never a user's data); a page may carry a rule for a state
  // it does not show.
  const sheet = new ServerStyleSheet();
  return async (location, page, { signedIn = false, session, locale = DEFAULT_LOCALE } = {}) => {
    providePage(page);
    // The copy's i18n instance, in this render's language.
    await i18n.changeLanguage(locale);
    const queryClient = createSiteQueryClient();
    let handedOver: HandedOverState | null = null;
    if (session) {
      adoptServerSession(session.user);
      handedOver = { session: session.user, queries: handOverAnswers(queryClient, session.user.uid, session.answers) };
    }
    let title: string | null = null;
    let description: string | null = null;
    const html = renderToString(
      sheet.collectStyles(
        <ServerPageTitle.Provider value={(pageTitle) => (title = pageTitle)}>
          <ServerPageDescription.Provider value={(pageDescription) => (description = pageDescription)}>
            <ServerSignedInHint.Provider value={signedIn || Boolean(session)}>
              <SiteProviders queryClient={queryClient}>
                <StaticRouter location={location}>
                  <Layout />
                </StaticRouter>
              </SiteProviders>
            </ServerSignedInHint.Provider>
          </ServerPageDescription.Provider>
        </ServerPageTitle.Provider>,
      ),
    );
    // A page that threw inside a Suspense boundary is not an error to renderToString: React sends
    // that boundary's fallback, marked to be rendered by the browser, which would then report a
    // hydration error as well as the page's own. Such a page is served empty instead.
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) throw new Error(`${location} failed to render on the server`);
    return { html, styles: serverStyleElement(sheet), title, description: description ?? i18n.t('common:meta.description'), handedOver };
  };
}
