// The order of these imports is the order in which the browser makes the shell's styled components,
// as the server did: ../bootstrap.tsx evaluates the first of them (the session's follower, the
// footer, the header) a step each, in this order, before this module. Reordering them here means
// reordering them there too (styled-components names components by the order they are made in).
import { BrowserRouter, createSiteQueryClient, forgetHandedOverAnswers, forgetLaterParts, forgetStaticParts, Route, Routes, SiteProviders, useLocation } from '@site/shared-ui';
import { useEffect, useRef } from 'react';
import { SessionFollower } from '../session/SessionFollower';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';
import '../i18n/register';
import { FocusOnNavigate } from '../navigation/FocusOnNavigate';
import { ScrollToTop } from '../navigation/ScrollToTop';
import { MAIN_ID, SkipLink } from '../navigation/SkipLink';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PreviewBanner } from '../preview/PreviewBanner';
import { GuardedPage } from './GuardedPage';
import { siteRoutes } from './routes';

/**
 * What the server handed over stands for its first view only, dropped at the first navigation: the
 * answers a signed-in page drawn by the server handed over, its static parts' HTML, and its later
 * parts' wait (any still held hydrates now).
 */
function ForgetHandedOverOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    forgetHandedOverAnswers();
    forgetStaticParts();
    forgetLaterParts();
  }, [pathname]);
  return null;
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
      <ForgetHandedOverOnNavigation />
      <SkipLink />
      <PreviewBanner />
      <Header />
      <main id={MAIN_ID} tabIndex={-1}>
        <SiteRoutes />
      </main>
      <Footer />
      <ScrollToTop />
    </>
  );
}

/** The site's one query client: every remote's reads and writes go through it (a shared singleton); a signed-in page the server drew hands it its answers first (./mountShell.tsx). */
export const queryClient = createSiteQueryClient();

export function App() {
  return (
    <SiteProviders queryClient={queryClient}>
      <BrowserRouter>
        <Layout />
      </BrowserRouter>
    </SiteProviders>
  );
}
