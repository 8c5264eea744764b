import { MemoryRouter, Route, Routes, setLocale, SiteProviders, useLocation } from '@site/shared-ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n/register';
import { answer, fakeUserService, setRuntimeConfig, setSession } from '../../testing/fakeUserService';
import AccountPage from './AccountPage';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderAt(path: string) {
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/account"
            element={
              <>
                <AccountPage />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </SiteProviders>,
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  act(() => setLocale('ro'));
  setSession();
  setRuntimeConfig({ androidAppUrl: 'https://play.google.com/store/apps/details?id=test.app' });
  fakeUserService({
    subscription: jest.fn(async () => answer({ isActive: true, isTrial: false, trialEndTimestamp: null, productName: 'Full plan' })),
    device: jest.fn(async () => answer({ deviceId: null, deviceName: null })),
  });
});

describe('the account page', () => {
  it('greets the user by the part of the email before the @, and says the email once (in the account tab)', () => {
    renderAt('/account');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bine ați venit, ana.pop!');
    expect(screen.getAllByText('ana.pop@exemplu.ro')).toHaveLength(1);
  });

  it('greets the user by the name given at sign-up, when there is one', () => {
    setSession({ status: 'signedIn', user: { uid: 'u', email: 'ana.pop@exemplu.ro', name: 'Ana Pop' } });
    renderAt('/account');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bine ați venit, Ana Pop!');
  });

  it('greets with the generic word when the email is not known', () => {
    setSession({ status: 'signedIn', user: { uid: 'u', email: null, name: null } });
    renderAt('/account');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bine ați venit, utilizatorule!');
  });

  it('shows the account tab first: email, logout and the Android download', () => {
    renderAt('/account');
    expect(tab('Cont')).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Cont' });
    expect(panel).toHaveTextContent('ana.pop@exemplu.ro');
    expect(screen.getByRole('button', { name: 'Deconectare' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descărcați aplicația pentru Android din Magazin Google Play (alt site)' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=test.app',
    );
  });
});

describe('the account tabs (WAI-ARIA APG)', () => {
  it('puts only the selected tab in the tab order, and ties each tab to its panel', () => {
    renderAt('/account');
    expect(screen.getByRole('tablist', { name: 'Secțiunile contului' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    for (const t of screen.getAllByRole('tab')) {
      const panel = document.getElementById(t.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', t.id);
    }
  });

  it('moves and selects with the arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    renderAt('/account');
    tab('Cont').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Abonament')).toHaveFocus();
    expect(tab('Abonament')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Abonament')).toHaveAttribute('tabindex', '0');
    expect(tab('Cont')).toHaveAttribute('tabindex', '-1');
    expect(await screen.findByText('Full plan')).toBeVisible();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Cont')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Dispozitiv')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Cont')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Dispozitiv')).toHaveFocus();
    expect(tab('Dispozitiv')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Dispozitiv' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: 'Cont' })).not.toBeInTheDocument();
  });

  it('goes from the selected tab into its panel with Tab', async () => {
    const user = userEvent.setup();
    renderAt('/account');
    tab('Cont').focus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Cont' })).toHaveFocus();
  });

  it('keeps the chosen tab in the URL, and opens the tab a URL names', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAt('/account');
    await user.click(tab('Dispozitiv'));
    expect(location()).toBe('/account?tab=device');
    unmount();
    renderAt('/account?tab=subscription');
    expect(tab('Abonament')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Full plan')).toBeInTheDocument();
  });

  it('opens the account tab when the URL names no known tab', () => {
    renderAt('/account?tab=nonsense');
    expect(tab('Cont')).toHaveAttribute('aria-selected', 'true');
  });

  it("keeps a visited tab's answer instead of asking again", async () => {
    const user = userEvent.setup();
    const client = fakeUserService({
      subscription: jest.fn(async () => answer({ isActive: true, isTrial: false, trialEndTimestamp: null, productName: 'Full plan' })),
    });
    renderAt('/account?tab=subscription');
    await screen.findByText('Full plan');
    await user.click(tab('Cont'));
    await user.click(tab('Abonament'));
    expect(client['get-subscription-info'].$post).toHaveBeenCalledTimes(1);
  });
});
