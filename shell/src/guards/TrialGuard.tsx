import {
  Button,
  Container,
  LoadingStatus,
  Navigate,
  PageHeading,
  runServiceCall,
  userService,
  useLocation,
  useServiceRead,
  useSession,
  useTranslation,
  type ServiceCall,
  type UserInfo,
  type UserServiceClient,
} from '@site/shared-ui';
import { useDeferredValue, useRef, type ReactNode } from 'react';
import { dropReadAhead, readAhead, readAheadFor } from './readAhead';

/**
 * default: a user whose trial was never activated goes to pricing; opposite: one whose was, and
 * whose subscription is live, goes to the account (one whose subscription lapsed may renew).
 */
export type TrialMode = 'default' | 'opposite';

/** POST /get-user-info: whether the user's trial was ever activated, and a subscription is live now. */
const getUserInfoWith =
  (client: UserServiceClient): ServiceCall<UserInfo> =>
  (init) =>
    runServiceCall(() => client['get-user-info'].$post(undefined, { init }));
const getUserInfo: ServiceCall<UserInfo> = (init) => getUserInfoWith(userService())(init);

const USER_INFO = 'get-user-info';

/**
 * Sends get-user-info with the login cookie's token as a page the trial guard keeps starts, while
 * the session is not yet known (readAhead.ts); the guard of this visit (`visit`: the router's key
 * of its history entry) takes its answer once the session says that user is signed in. Returns
 * what forgets it, for when the visitor leaves the page.
 */
export function readUserInfoAhead(visit: string): () => void {
  readAhead(USER_INFO, visit, getUserInfoWith);
  return () => dropReadAhead(USER_INFO);
}

/**
 * The trial guard (spec section 4), reading trialActivated from the user service under the time
 * limit every call keeps (loading, then the answer or a failure with a retry).
 */
export function TrialGuard({ mode, children }: { mode: TrialMode; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  // Read ahead (readUserInfoAhead): its answer stands as this read's, drawn at once.
  const { key: visit } = useLocation();
  const { answered, call } = readAheadFor(USER_INFO, visit, signedIn ? (session.user?.uid ?? null) : null, getUserInfo);
  const { state, retry } = useServiceRead(USER_INFO, call, { enabled: signedIn, answered });
  // The answer lets the whole page through: drawn in a transition (as in AccessGuard).
  const check = useDeferredValue(state);
  const box = useRef<HTMLDivElement>(null);

  // A crawler let through by the access guard has no user to check.
  if (!signedIn) return <>{children}</>;
  if (check.status !== 'done') {
    // One box throughout, so that focus moved here on retry stays while the check runs again.
    return (
      <Container ref={box} tabIndex={-1}>
        {check.status === 'failed' ? (
          <>
            <PageHeading>{t('guard.failedTitle')}</PageHeading>
            <p>{t('guard.failedBody')}</p>
            <Button
              type="button"
              onClick={() => {
                box.current?.focus();
                retry();
              }}
            >
              {t('guard.retry')}
            </Button>
          </>
        ) : (
          <LoadingStatus label={check.slow ? t('guard.slow') : undefined} />
        )}
      </Container>
    );
  }
  const { trialActivated, subscriptionActive } = check.data;
  if (mode === 'default' && !trialActivated) return <Navigate to="/account-pricing" replace />;
  if (mode === 'opposite' && trialActivated && subscriptionActive) return <Navigate to="/my-account" replace />;
  return <>{children}</>;
}
