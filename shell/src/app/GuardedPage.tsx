import { useSession } from '@site/shared-ui';
import { useEffect } from 'react';
import { AccessGuard } from '../guards/AccessGuard';
import { TrialGuard } from '../guards/TrialGuard';
import { loadPage } from '../remotes/federation';
import { RemotePage } from '../remotes/RemotePage';
import { pages, type SiteRoute } from './routes';

/**
 * A route's page inside its guards, outermost first: access, then trial. While the guards wait
 * (the session, then get-user-info), the page's code loads, unless the visitor is known to be
 * signed out: the page is then drawn in the commit where the guards let it through (RemotePage).
 */
export function GuardedPage({ route }: { route: SiteRoute }) {
  const page = pages[route.page];
  const guarded = Boolean(route.access || route.trial);
  const signedOut = useSession().status === 'signedOut';
  useEffect(() => {
    // A failure is the navigation's to show, when the guards let the page through (it loads again then).
    if (guarded && !signedOut) loadPage(page).catch(() => undefined);
  }, [guarded, signedOut, page]);
  let element = <RemotePage page={page} />;
  if (route.trial) element = <TrialGuard mode={route.trial}>{element}</TrialGuard>;
  if (route.access) element = <AccessGuard>{element}</AccessGuard>;
  return element;
}
