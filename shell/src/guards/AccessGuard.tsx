import { Container, LoadingStatus, Navigate, signedOutPath, startSession, useSession } from '@site/shared-ui';
import { useEffect, type ReactNode } from 'react';
import { isCrawler } from './isCrawler';

/**
 * Renders a protected page only once a signed-in user is known (with a fresh token in the
 * cookie); a signed-out visitor goes to /login, except a search-engine crawler. It follows the
 * session as it changes: no polling, no delay.
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  useEffect(() => {
    void startSession();
  }, []);
  if (session.status === 'signedIn') return <>{children}</>;
  // A session ended on purpose (the account deleted) keeps its reason: the guard and SessionFollower agree.
  if (session.status === 'signedOut') return isCrawler() ? <>{children}</> : <Navigate to={signedOutPath(session.endReason)} replace />;
  return (
    <Container>
      <LoadingStatus />
    </Container>
  );
}
