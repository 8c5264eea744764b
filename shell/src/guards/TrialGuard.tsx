import {
  Button,
  Container,
  languageQuery,
  LoadingStatus,
  Navigate,
  PageHeading,
  userService,
  useLocation,
  useServiceRead,
  useSession,
  useTranslation,
  type ServiceCall,
  type UserInfo,
} from '@site/shared-ui';
import { useRef, type ReactNode } from 'react';
import { readAheadFor } from '../signedIn/readAhead';
import { getUserInfoWith, USER_INFO } from '../signedIn/userInfoAhead';
import { trialRedirect, type TrialMode } from './trialRule';

export type { TrialMode } from './trialRule';

const getUserInfo: ServiceCall<UserInfo> = (init) => getUserInfoWith(userService())(init);

/**
 * The trial guard (docs/product.md, "Guards"), reading trialActivated from the user service under the time
 * limit every call keeps (loading, then the answer or a failure with a retry).
 */
export function TrialGuard({ mode, children }: { mode: TrialMode; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  // Read ahead (readUserInfoAhead): its answer stands as this read's, drawn at once.
  const { pathname: visit, search } = useLocation();
  const { answered, call } = readAheadFor(USER_INFO, visit, signedIn ? (session.user?.uid ?? null) : null, getUserInfo);
  // The answer lets the whole page through: drawn in a transition (useServiceRead's state is deferred).
  const { state: check, retry } = useServiceRead(USER_INFO, call, { enabled: signedIn, answered });
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
  const elsewhere = trialRedirect(mode, check.data);
  // The page's language goes along (?lang=en stays English).
  if (elsewhere) return <Navigate to={{ pathname: elsewhere, search: languageQuery(search) }} replace />;
  return <>{children}</>;
}
