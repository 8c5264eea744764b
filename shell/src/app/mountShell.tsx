// The shell mounted in the browser: a signed-in page drawn by the server hands over its session and
// the user service's answers first (the page then hydrates as drawn, reading nothing twice), then
// the site is drawn in #root by @site/rendering's start (the server's HTML hydrated when it can be).
import { takeHandedOverState } from '@site/rendering/handed-over-state/take';
import { startDocument } from '@site/rendering/shell-browser';
import { adoptHandedOverAnswers, adoptServerSession, holdLaterParts, keepStaticParts } from '@site/shared-ui';
import { readLoginToken } from '@site/shared-ui/login-token';
import { loginCookieToken } from '@site/shared-ui/session-cookie';
import { ensureRemotesRegistered } from '../remotes/federation';
import { hydrationErrorHandler } from '../remotes/health';
import { App, queryClient } from './App';
import { pages, routeForPath } from './routes';

export async function mountShell(): Promise<void> {
  // Adopted only for the user the login cookie still names: a cookie gone (signed out in another
  // tab) or another user's (signed in meanwhile) has the page drawn afresh, by the session as it is.
  const handedOver = takeHandedOverState();
  const adopted = handedOver !== null && handedOver.session.uid === readLoginToken(loginCookieToken())?.user.uid;
  if (handedOver && adopted) {
    adoptServerSession(handedOver.session);
    adoptHandedOverAnswers(queryClient, handedOver.queries);
  }
  const route = routeForPath(window.location.pathname);
  await startDocument({
    app: <App />,
    route: route && { access: route.access, remote: pages[route.page].remote },
    manifestInForce: async (remote) => (await ensureRemotesRegistered()).get(remote)?.manifest,
    onRecoverableError: hydrationErrorHandler,
    handedOver: adopted,
    // The page's static parts hydrate as the server's HTML of them (shared-ui's StaticPart); its
    // later parts hydrate on their own, after the rest (shared-ui's LaterPart).
    beforeHydrating: (container) => {
      keepStaticParts(container, window.location.pathname);
      holdLaterParts(container, window.location.pathname);
    },
  });
}
