import { BrowserRouter, createSiteQueryClient, Route, Routes, SiteProviders, useLocation } from '@site/shared-ui';
import { AccessGuard } from '../guards/AccessGuard';
import { SessionFollower } from '../session/SessionFollower';
import { TrialGuard } from '../guards/TrialGuard';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';
import '../i18n/register';
import { FocusOnNavigate } from '../navigation/FocusOnNavigate';
import { ScrollToTop } from '../navigation/ScrollToTop';
import { MAIN_ID, SkipLink } from '../navigation/SkipLink';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemotePage } from '../remotes/RemotePage';
import { pages, siteRoutes, type SiteRoute } from './routes';

/** A route's page inside its guards, outermost first: access, then trial. */
function GuardedPage({ route }: { route: SiteRoute }) {
  let element = <RemotePage page={pages[route.page]} />;
  if (route.trial) element = <TrialGuard mode={route.trial}>{element}</TrialGuard>;
  if (route.access) element = <AccessGuard>{element}</AccessGuard>;
  return element;
}

function SiteRoutes() {
  const { pathname } = useLocation();
  // Keyed by path: each navigation mounts the new page afresh, so its h1 takes focus.
  return (
    <Routes key={pathname}>
      {siteRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={<GuardedPage route={route} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function Layout() {
  return (
    <>
      <FocusOnNavigate />
      <SessionFollower />
      <SkipLink />
      <Header />
      <main id={MAIN_ID} tabIndex={-1}>
        <SiteRoutes />
      </main>
      <Footer />
      <ScrollToTop />
    </>
  );
}

/** The site's one query client: every remote's reads and writes go through it (a shared singleton). */
const queryClient = createSiteQueryClient();

export function App() {
  return (
    <SiteProviders queryClient={queryClient}>
      <BrowserRouter>
        <Layout />
      </BrowserRouter>
    </SiteProviders>
  );
}
