import { act, screen } from '@testing-library/react';
import { Route, Routes, setLocale, startSession, useSession } from '@site/shared-ui';
import { renderWithSite } from '../../testing/renderWithSite';
import LoginPage from './LoginPage';

jest.mock('@site/shared-ui', () => ({
  ...jest.requireActual('@site/shared-ui'),
  useSession: jest.fn(),
  startSession: jest.fn(async () => undefined),
}));
// The sign-in form is tried on its own (SignInWidget.test.tsx) and in a real browser (e2e/tests/auth.spec.ts).
jest.mock('./SignInWidget', () => ({ SignInWidget: () => <section aria-label="widget" /> }));

beforeEach(() => {
  act(() => setLocale('ro'));
  jest.mocked(useSession).mockReturnValue({ status: 'signedOut', user: null });
});

describe('/login', () => {
  it.each([
    ['signedOut', 'V-ați deconectat. Vă puteți autentifica din nou oricând.'],
    ['deleted', 'Contul dumneavoastră a fost șters, împreună cu datele păstrate despre el.'],
    ['sessionEnded', 'Sesiunea s-a încheiat. Autentificați-vă din nou pentru a continua.'],
    ['signInRequired', 'Pagina cerută este disponibilă doar după autentificare.'],
  ])('says why the visitor was sent here (%s) in a status message', async (reason, text) => {
    renderWithSite(<LoginPage />, { path: '/login', state: { reason } });
    const said = await screen.findByText(text);
    expect(said.closest('[role="status"]')).toBe(screen.getByRole('heading', { level: 1 }).nextElementSibling);
  });

  it('says why from the address too (a full page load after a sign-out that failed)', async () => {
    renderWithSite(<LoginPage />, { path: '/login?reason=deleted' });
    expect(await screen.findByText('Contul dumneavoastră a fost șters, împreună cu datele păstrate despre el.')).toBeInTheDocument();
  });

  it('says nothing to a visitor who came on their own, or with a reason it does not know', () => {
    for (const state of [undefined, { reason: 'hacked' }]) {
      const { container, unmount } = renderWithSite(<LoginPage />, { path: '/login', state });
      expect(container.querySelector('h1 + [role="status"]')).toBeEmptyDOMElement();
      unmount();
    }
  });
});

describe('/login for a visitor who asked for the prices', () => {
  it('shows the plans and the trial before the sign-in, from /pricing and its alias', () => {
    for (const from of ['/pricing', '/account-pricing']) {
      const { unmount } = renderWithSite(<LoginPage />, { path: '/login', state: { reason: 'signInRequired', from } });
      const plans = screen.getByRole('region', { name: 'Prețuri și perioada de probă' });
      expect(plans).toHaveTextContent('60 lei / lună');
      expect(plans).toHaveTextContent('Gratuit 14 zile');
      expect(plans).toHaveTextContent('Pentru perioada de probă nu vă cerem cardul.');
      // Already where the trial starts: no link back to this page.
      expect(screen.queryByRole('link', { name: 'Începeți perioada de probă gratuită' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows no plans to a visitor sent here from another page, or who came on their own', () => {
    for (const state of [undefined, { reason: 'signInRequired', from: '/account' }]) {
      const { unmount } = renderWithSite(<LoginPage />, { path: '/login', state });
      expect(screen.queryByRole('region', { name: 'Prețuri și perioada de probă' })).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('/login while the session is not known yet', () => {
  it('starts the session and draws the sign-in form at once, with nothing said to be loading', () => {
    jest.mocked(useSession).mockReturnValue({ status: 'unknown', user: null });
    renderWithSite(<LoginPage />, { path: '/login' });
    expect(jest.mocked(startSession)).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'widget' })).toBeInTheDocument();
    expect(screen.queryByText(/Se încarcă/)).not.toBeInTheDocument();
  });
});

describe('/login for a visitor who is signed in', () => {
  it('sends them to /account at once', () => {
    jest.mocked(useSession).mockReturnValue({ status: 'signedIn', user: { uid: 'u', email: 'ana.pop@exemplu.ro', name: null } });
    renderWithSite(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/account" element={<h1>Contul meu</h1>} />
      </Routes>,
      { path: '/login' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contul meu' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe("/login's terms", () => {
  it('name what continuing accepts: the subscription terms, with the privacy notice and the contact page', () => {
    renderWithSite(<LoginPage />, { path: '/login' });
    expect(screen.getByText(/^Continuând, acceptați/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'termenii abonamentului' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'politica de confidențialitate' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'scrieți-ne' })).toHaveAttribute('href', '/contact');
  });
});
