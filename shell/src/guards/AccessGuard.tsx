import { Container, languageQuery, LoadingStatus, loginNavigationState, Navigate, startSession, useLocation, useSession } from '@site/shared-ui';
import { nextTask } from '@site/shared-ui/next-task';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { isCrawler } from './isCrawler';

/**
 * Renders a protected page only once a signed-in user is known (with a fresh token in the
 * cookie); a signed-out visitor goes to /login, except a search-engine crawler. It follows the
 * session as it changes: no polling, no delay. /login is told why (sign-in needed, or how the
 * session ended).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  // A change of the session is rendered at once, in one task (useSyncExternalStore): what it lets
  // through (the whole page) is drawn in a transition instead, React yielding to the browser
  // between components, the loading status kept until then.
  const session = useDeferredValue(useSession());
  // Which page was asked for, that /login can say what it holds (the plans, for /pricing); the
  // address's language (?lang=) goes along.
  const { pathname, search } = useLocation();
  // A session known when the guard mounts was started before (a navigation), or was handed over
  // with a signed-in page the server drew: the auth SDK then starts once the page is idle
  // (SessionFollower), not on the page's way to being interactive.
  const [knownAtMount] = useState(session.status === 'signedIn');
  // Started in a task of its own (loading and starting the auth SDK): not in the commit that drew
  // this, a prerendered page's hydration, already a long one.
  useEffect(() => {
    if (knownAtMount) return;
    let mounted = true;
    void nextTask().then(() => {
      if (mounted) void startSession();
    });
    return () => {
      mounted = false;
    };
  }, [knownAtMount]);
  if (session.status === 'signedIn') return <>{children}</>;
  if (session.status === 'signedOut') {
    if (isCrawler()) return <>{children}</>;
    const reason = loginNavigationState(session.endedBy ?? 'signInRequired', pathname);
    return <Navigate to={{ pathname: '/login', search: languageQuery(search) }} replace state={reason} />;
  }
  return (
    <Container>
      <LoadingStatus />
    </Container>
  );
}
