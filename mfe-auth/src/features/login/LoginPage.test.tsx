import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, setLocale, startSession, useSession } from '@site/shared-ui';
import { forwardRef, useImperativeHandle } from 'react';
import { renderWithSite } from '../../testing/renderWithSite';
import { carryEmailIntoWidget } from './carryEmail';
import LoginPage from './LoginPage';

jest.mock('@site/shared-ui', () => ({
  ...jest.requireActual('@site/shared-ui'),
  useSession: jest.fn(),
  startSession: jest.fn(async () => undefined),
}));
// The widget itself (FirebaseUI) is tried in a real browser (e2e/tests/auth.spec.ts); its stand-in
// here gives its container once started.
const mockWidgetStart = jest.fn<Promise<HTMLElement>, []>();
jest.mock('./SignInWidget', () => ({
  SignInWidget: forwardRef<{ start: () => Promise<HTMLElement> }>(function SignInWidget(_props, ref) {
    useImperativeHandle(ref, () => ({ start: mockWidgetStart }), []);
    return (
      <section aria-label="widget">
        <div data-testid="widget-container" />
      </section>
    );
  }),
  WidgetSpace: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
}));

jest.mock('./carryEmail', () => ({ carryEmailIntoWidget: jest.fn(async () => undefined) }));

beforeEach(() => {
  act(() => setLocale('ro'));
  jest.mocked(carryEmailIntoWidget).mockClear();
  mockWidgetStart.mockReset().mockImplementation(async () => screen.getByTestId('widget-container'));
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

describe("/login's own email field", () => {
  const field = () => screen.getByRole('textbox', { name: 'Adresa de email (obligatoriu)' });
  const submit = () => screen.getByRole('button', { name: 'Continuați' });

  it('refuses an empty or malformed address: the field says why, keeps the focus, and the refusal is said at once', async () => {
    const user = userEvent.setup();
    renderWithSite(<LoginPage />, { path: '/login' });
    await user.click(submit());
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('Eroare: Completați câmpul „Adresa de email”.');
    expect(screen.getByRole('alert')).toHaveTextContent('Eroare: Completați câmpul „Adresa de email”.');

    await user.type(field(), 'ana@exemplu');
    await user.click(submit());
    expect(field()).toHaveAccessibleDescription(/adresă de email validă/);
    expect(carryEmailIntoWidget).not.toHaveBeenCalled();
  });

  it('loads the widget once the visitor is in the form, not before', async () => {
    const user = userEvent.setup();
    renderWithSite(<LoginPage />, { path: '/login' });
    expect(mockWidgetStart).not.toHaveBeenCalled();
    await user.click(field());
    expect(mockWidgetStart).toHaveBeenCalled();
  });

  it('hands a valid address to the widget, once it is drawn, and says so in a status message', async () => {
    const user = userEvent.setup();
    renderWithSite(<LoginPage />, { path: '/login' });
    await user.type(field(), ' ana.pop@exemplu.ro ');
    await user.keyboard('{Enter}');
    expect(carryEmailIntoWidget).toHaveBeenCalledWith(screen.getByTestId('widget-container'), 'ana.pop@exemplu.ro');
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(/Am trecut adresa ana.pop@exemplu.ro în formularul de mai jos/).closest('[role="status"]')).not.toBeNull();
  });

  it('hands nothing over when the widget could not be loaded (the widget says so itself)', async () => {
    const user = userEvent.setup();
    mockWidgetStart.mockRejectedValue(new Error('offline'));
    renderWithSite(<LoginPage />, { path: '/login' });
    await user.type(field(), 'ana.pop@exemplu.ro');
    await user.keyboard('{Enter}');
    expect(mockWidgetStart).toHaveBeenCalled();
    expect(carryEmailIntoWidget).not.toHaveBeenCalled();
    expect(screen.queryByText(/Am trecut adresa/)).not.toBeInTheDocument();
  });

  it("waits for the session: the button does nothing and the widget's place says it is loading", async () => {
    const user = userEvent.setup();
    jest.mocked(useSession).mockReturnValue({ status: 'unknown', user: null });
    renderWithSite(<LoginPage />, { path: '/login' });
    expect(jest.mocked(startSession)).toHaveBeenCalled();
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('region', { name: 'widget' })).not.toBeInTheDocument();
    expect(screen.getByText('Se încarcă formularul de autentificare…')).toHaveAttribute('role', 'status');
    await user.type(field(), 'ana.pop@exemplu.ro');
    await user.click(submit());
    expect(carryEmailIntoWidget).not.toHaveBeenCalled();
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
  it('link to the FAQ and the contact page within the site', () => {
    renderWithSite(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'întrebările frecvente' })).toHaveAttribute('href', '/#faq');
    expect(screen.getByRole('link', { name: 'scrieți-ne' })).toHaveAttribute('href', '/contact');
  });
});
