import { SiteProviders } from '@site/shared-ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import '../i18n/register';

/** Renders a piece of these pages the way the shell does: theme, language, router. */
export function renderWithSite(ui: ReactElement, { path = '/' } = {}) {
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SiteProviders>,
  );
}
