import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { setLocale } from './i18n/i18n';
import { nextLocale } from './i18n/locales';
import { Container } from './primitives/Container';
import { SiteProviders } from './SiteProviders';
import { useThemeMode } from './theme/ThemeModeProvider';

/** A page of the remote, as the route table gives it: its first route, its title's key, its source under src/features. */
export interface LocalPage {
  path: string;
  module: string;
  title: string;
  source: string;
}

/** The remote's feature folders as webpack's `import.meta.webpackContext` loads them: a module by its path there. */
export type FeatureModules = (source: string) => Promise<{ default: ComponentType }>;

// The remote's pages: its build defines them from the route table (tools/webpack.cjs, remotePages.cjs).
declare const LOCAL_PAGES: readonly LocalPage[];

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  padding-block: 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

function LocalNav({ pages, namespace }: { pages: readonly LocalPage[]; namespace: string }) {
  const { preference, setPreference } = useThemeMode();
  const { t, i18n } = useTranslation('common');
  const next = nextLocale(i18n.language);
  return (
    <Container as="header">
      <Bar aria-label={t('localHost.nav')}>
        {pages.map((page) => (
          <Link key={page.path} to={page.path}>
            {t(page.title, { ns: namespace })}
          </Link>
        ))}
        <button type="button" lang={next} onClick={() => setLocale(next)}>
          {t(`language.${next}`)}
        </button>
        <button type="button" onClick={() => setPreference(preference === 'dark' ? 'light' : 'dark')}>
          {t(preference === 'dark' ? 'localHost.lightTheme' : 'localHost.darkTheme')}
        </button>
      </Bar>
    </Container>
  );
}

/**
 * A minimal host so each remote runs alone on its own dev server: the remote's team works and
 * tests its pages without the shell or the other remotes. Its pages are the route table's, each
 * loaded when opened from the remote's feature folders (`features`, the remote's webpack context of
 * src/features); `namespace` is the remote's strings', where the pages' titles are.
 */
export function mountLocalHost(namespace: string, features: FeatureModules): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  if (typeof LOCAL_PAGES === 'undefined') throw new Error("LOCAL_PAGES is missing: a remote's build defines its pages (tools/webpack.cjs)");
  if (LOCAL_PAGES.length === 0) throw new Error("This remote has no page: the route table's pages name it as their remote");
  const pages = LOCAL_PAGES;
  const routes = pages.map((page) => ({ path: page.path, Page: lazy(() => features(page.source)) }));
  createRoot(root).render(
    <StrictMode>
      <SiteProviders>
        <BrowserRouter>
          <LocalNav pages={pages} namespace={namespace} />
          <main id="main" tabIndex={-1}>
            <Routes>
              {routes.map(({ path, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Suspense fallback={null}>
                      <Page />
                    </Suspense>
                  }
                />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </SiteProviders>
    </StrictMode>,
  );
}
