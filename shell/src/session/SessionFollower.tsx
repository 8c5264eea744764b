import { hasLoginCookie, loginNavigationState, onSessionEnd, startSession, useNavigate } from '@site/shared-ui';
import { useEffect } from 'react';
import { whenIdle } from '../app/whenIdle';

/**
 * Sends the visitor to /login when a signed-in session ends (sign-out, a token that could not be
 * refreshed, a deleted account), telling the page why. When the login cookie hints at a session, the auth SDK is
 * loaded once the page is idle, off the landing page's critical path, to confirm it.
 */
export function SessionFollower() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnd((reason) => navigate('/login', { replace: true, state: loginNavigationState(reason) })), [navigate]);
  useEffect(() => {
    if (!hasLoginCookie()) return;
    whenIdle(() => void startSession());
  }, []);
  return null;
}
