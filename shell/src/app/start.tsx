// The shell's start in the browser: a signed-in page drawn by the server hands over its session and
// the user service's answers first (the page then hydrates as drawn, reading nothing twice), then
// the site is drawn in #root by @site/rendering's start (the server's HTML hydrated when it can be).
import { readHandedOverState } from '@site/rendering/handed-over-state';
import { startDocument } from '@site/rendering/shell-browser';
import { adoptHandedOverAnswers, adoptServerSession } from '@site/shared-ui';
import type { DehydratedState } from '@tanstack/react-query';
import { ensureRemotesRegistered } from '../remotes/federation';
import { hydrationErrorHandler } from '../remotes/health';
import { App, queryClient } from './App';
import { pages, routeForPath } from './routes';

export async function startShell(): Promise<void> {
  const handedOver = readHandedOverState();
  if (handedOver) {
    adoptServerSession(handedOver.session);
    adoptHandedOverAnswers(queryClient, handedOver.queries as DehydratedState);
  }
  const route = routeForPath(window.location.pathname);
  await startDocument({
    app: <App />,
    route: route && { access: route.access, remote: pages[route.page].remote },
    manifestInForce: async (remote) => (await ensureRemotesRegistered()).get(remote)?.manifest,
    onRecoverableError: hydrationErrorHandler,
  });
}
