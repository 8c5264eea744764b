import { screen } from '@testing-library/react';
import { useSession } from '@site/shared-ui';
import { renderWithSite } from '../../testing/renderWithSite';
import LoginPage from './LoginPage';

jest.mock('@site/shared-ui', () => ({
  ...jest.requireActual('@site/shared-ui'),
  useSession: jest.fn(),
  startSession: jest.fn(async () => undefined),
}));
// The widget itself (FirebaseUI) is tried in a real browser (e2e/tests/auth.spec.ts).
jest.mock('./SignInWidget', () => ({
  SignInWidget: () => <section aria-label="widget" />,
  WidgetSpace: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
}));

beforeEach(() => jest.mocked(useSession).mockReturnValue({ status: 'signedOut', user: null }));

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
