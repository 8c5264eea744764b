import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SiteProviders } from '../SiteProviders';

/** Renders a piece of a page the way the shell does: theme, language, router (tests only). */
export function renderWithSite(ui: ReactElement, { path = '/' } = {}) {
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SiteProviders>,
  );
}
