import {
  Button,
  Container,
  LoadingStatus,
  Navigate,
  PageHeading,
  settle,
  userService,
  useSession,
  useTranslation,
} from '@site/shared-ui';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * default: a user whose trial was never activated goes to pricing; opposite: one whose was, and
 * whose subscription is live, goes to the account (one whose subscription lapsed may renew).
 */
export type TrialMode = 'default' | 'opposite';

interface UserInfo {
  trialActivated: boolean;
  subscriptionActive: boolean;
}

type Check = { state: 'checking' } | { state: 'failed' } | ({ state: 'known' } & UserInfo);

/** The trial guard (spec section 4), reading trialActivated from the user service. */
export function TrialGuard({ mode, children }: { mode: TrialMode; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    setCheck({ state: 'checking' });
    void settle<UserInfo>(() => userService()['get-user-info'].$post()).then((result) => {
      if (!current) return;
      setCheck(result.ok ? { state: 'known', ...result.data } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [signedIn, attempt]);

  // A crawler let through by the access guard has no user to check.
  if (!signedIn) return <>{children}</>;
  if (check.state === 'failed') {
    return (
      <Container>
        <PageHeading>{t('guard.failedTitle')}</PageHeading>
        <p>{t('guard.failedBody')}</p>
        <Button type="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('guard.retry')}
        </Button>
      </Container>
    );
  }
  if (check.state === 'checking') {
    return (
      <Container>
        <LoadingStatus />
      </Container>
    );
  }
  if (mode === 'default' && !check.trialActivated) return <Navigate to="/account-pricing" replace />;
  if (mode === 'opposite' && check.trialActivated && check.subscriptionActive) return <Navigate to="/my-account" replace />;
  return <>{children}</>;
}
