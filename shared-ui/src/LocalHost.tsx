import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { setLocale } from './i18n/i18n';
import { nextLocale } from './i18n/locales';
import { Container } from './primitives/Container';
import { SiteProviders } from './SiteProviders';
import { useThemeMode } from './theme/ThemeModeProvider';

export interface LocalRoute {
  path: string;
  label: string;
  element: ReactNode;
}

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  padding-block: 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

function LocalNav({ routes }: { routes: LocalRoute[] }) {
  const { preference, setPreference } = useThemeMode();
  const { t, i18n } = useTranslation('common');
  const next = nextLocale(i18n.language);
  return (
    <Container as="header">
      <Bar aria-label={t('localHost.nav')}>
        {routes.map((route) => (
          <Link key={route.path} to={route.path}>
            {route.label}
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
 * tests its pages without the shell or the other remotes.
 */
export function mountLocalHost(routes: LocalRoute[]): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <SiteProviders>
        <BrowserRouter>
          <LocalNav routes={routes} />
          <main id="main" tabIndex={-1}>
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={route.element} />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </SiteProviders>
    </StrictMode>,
  );
}
