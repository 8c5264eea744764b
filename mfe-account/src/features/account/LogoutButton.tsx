import { Button, signOut, useTranslation } from '@site/shared-ui';
import { useState } from 'react';

/**
 * Signs out. Its label says so while it works; the session then sends the visitor to /login.
 * A failure is shown, not only logged.
 */
export function LogoutButton() {
  const { t } = useTranslation('account');
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const logout = async () => {
    setState('working');
    try {
      await signOut();
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={logout} disabled={state === 'working'}>
        {state === 'working' ? t('logout.working') : t('logout.label')}
      </Button>
      <p role="alert">{state === 'failed' ? t('logout.failed') : ''}</p>
    </>
  );
}
