import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, parsePath } from 'react-router-dom';
import { SiteProviders } from '../SiteProviders';

/**
 * Renders a piece of a page the way the shell does: theme, language, router (tests only); `state`
 * is the navigation's state, as a redirect gives it.
 */
export function renderWithSite(ui: ReactElement, { path = '/', state }: { path?: string; state?: unknown } = {}) {
  const entry = state === undefined ? path : { ...parsePath(path), state };
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
    </SiteProviders>,
  );
}

// A fresh page's state of the session and of the answers handed over, for tests that draw a page as the server would, then start it as a browser.
export { resetSessionForTests } from '../session/session';
