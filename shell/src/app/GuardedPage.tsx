import { useLocation, useSession, useSignedInHint } from '@site/shared-ui';
import { useEffect, useState } from 'react';
import { AccessGuard } from '../guards/AccessGuard';
import { TrialGuard } from '../guards/TrialGuard';
import { readUserInfoAhead } from '../signedIn/userInfoAhead';
import { loadAhead, type ExposedPage } from '../remotes/federation';
import { RemotePage } from '../remotes/RemotePage';
import { pages, type SiteRoute } from './routes';

/**
 * While a page's guards wait (the session, then get-user-info), loads its code for a visitor who
 * looks signed in (the login cookie, until the session is known; a signed-out visitor is sent to
 * /login and would not use it): the page is then drawn in the commit where the guards let it
 * through (RemotePage). Beside the guards, not around them: a change of the session re-renders
 * this alone.
 */
function LoadWhileGuarded({ page, trial }: { page: ExposedPage; trial: boolean }) {
  const likelySignedIn = useSignedInHint();
  useEffect(() => {
    if (likelySignedIn) loadAhead(page);
  }, [likelySignedIn, page]);
  // The trial guard's read, sent with the login cookie's token while the session is still unknown
  // (a page's first load: a later navigation has the session, and the guard asks at once); it
  // stands for this visit to the page.
  const sessionUnknown = useSession().status === 'unknown';
  const [readsAhead] = useState(() => trial && sessionUnknown);
  const { pathname: visit } = useLocation();
  useEffect(() => (readsAhead ? readUserInfoAhead(visit) : undefined), [readsAhead, visit]);
  return null;
}

/**
 * A route's page inside its guards, outermost first: access, then trial. A public page is its
 * remote's page alone: nothing here re-renders it, so its prerendered part hydrates undisturbed
 * (a part that is re-rendered before it has hydrated is drawn afresh, its HTML replaced).
 */
export function GuardedPage({ route }: { route: SiteRoute }) {
  const page = pages[route.page];
  let element = <RemotePage page={page} />;
  if (route.trial) element = <TrialGuard mode={route.trial}>{element}</TrialGuard>;
  if (route.access) element = <AccessGuard>{element}</AccessGuard>;
  if (!route.access && !route.trial) return element;
  return (
    <>
      {element}
      <LoadWhileGuarded page={page} trial={Boolean(route.trial)} />
    </>
  );
}
