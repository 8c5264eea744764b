import { setLocale } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalPortalState } from '../../api/accountCalls';
import '../../i18n/register';
import { answer, fakeUserService, setRuntimeConfig, setSession } from '../../testing/fakeUserService';
import LocalPortalPage from './LocalPortalPage';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

// Noon UTC: the same day wherever the test runs.
const periodEnd = Date.UTC(2026, 11, 23, 12) / 1000;
const trial: LocalPortalState = {
  subscription: { id: 'sub_local_1', status: 'trialing', live: true, plan: 'trial', productName: 'Free Trial', currentPeriodEnd: periodEnd, cancelAt: null },
  switchTo: ['full'],
};
const full: LocalPortalState = { subscription: { ...trial.subscription!, status: 'active', plan: 'full', productName: 'Full plan' }, switchTo: [] };
const cancelled: LocalPortalState = { ...full, subscription: { ...full.subscription!, cancelAt: periodEnd } };

beforeEach(() => {
  act(() => setLocale('ro'));
  setSession();
  setRuntimeConfig({ localBilling: true });
});

describe('the local customer portal', () => {
  it('shows the subscription, and switches plan, announcing the wait and focusing the result', async () => {
    const user = userEvent.setup();
    let answerUpdate: (value: unknown) => void = () => undefined;
    const portalUpdate = jest.fn(
      () =>
        new Promise((resolve) => {
          answerUpdate = resolve;
        }),
    );
    fakeUserService({ portal: jest.fn(async () => answer(trial)), portalUpdate });
    renderWithSite(<LocalPortalPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Administrați abonamentul' })).toBeInTheDocument();
    expect(screen.getByText(/nu se cere niciun card și nu se plătește nimic/)).toBeInTheDocument();
    expect(await screen.findByText('Perioadă de probă gratuită')).toBeInTheDocument();
    expect(screen.getByText('ana.pop@exemplu.ro')).toBeInTheDocument();
    expect(screen.getByText('23 decembrie 2026')).toBeInTheDocument();
    // A free trial ends: nothing about a renewal is said of it.
    expect(screen.getByText('Perioada de probă se încheie pe')).toBeInTheDocument();
    expect(screen.queryByText(/reînnoi/)).not.toBeInTheDocument();

    const switchButton = screen.getByRole('button', { name: 'Treceți la planul complet (60 lei / lună)' });
    await user.click(switchButton);
    expect(portalUpdate).toHaveBeenCalledWith({ json: { action: 'switch_plan', subscription: 'sub_local_1', plan: 'full' } }, expect.anything());
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Se salvează schimbarea…');
    // The busy button keeps the focus, and says it is not available.
    expect(switchButton).toHaveFocus();
    expect(switchButton).toHaveAttribute('aria-disabled', 'true');

    await act(async () => answerUpdate(answer(full)));
    const done = await screen.findByText('Planul dumneavoastră este acum: Plan complet.');
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    expect(screen.getByText(/Nu există alt plan la care să treceți/)).toBeInTheDocument();
    // The paid plan renews.
    expect(screen.getByText('Se reînnoiește pe')).toBeInTheDocument();
  });

  it('asks before cancelling, saying what happens; then says the end date and offers to resume', async () => {
    const user = userEvent.setup();
    const portalUpdate = jest.fn(async () => answer(cancelled));
    fakeUserService({ portal: jest.fn(async () => answer(full)), portalUpdate });
    renderWithSite(<LocalPortalPage />);
    await user.click(await screen.findByRole('button', { name: 'Anulați abonamentul' }));
    expect(portalUpdate).not.toHaveBeenCalled();
    const question = screen.getByRole('heading', { name: 'Sigur doriți să anulați abonamentul?' });
    expect(question).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Sigur doriți să anulați abonamentul?' })).toHaveTextContent(
      'Abonamentul rămâne activ până la 23 decembrie 2026. După aceea se încheie și nu se mai reînnoiește.',
    );

    await user.click(screen.getByRole('button', { name: 'Da, anulez abonamentul' }));
    expect(portalUpdate).toHaveBeenCalledWith({ json: { action: 'cancel', subscription: 'sub_local_1' } }, expect.anything());
    const done = await screen.findByText('Abonamentul a fost anulat. Rămâne activ până la 23 decembrie 2026.');
    expect(done).toHaveFocus();
    expect(screen.getByText('Se încheie pe')).toBeInTheDocument();

    portalUpdate.mockResolvedValueOnce(answer(full));
    await user.click(screen.getByRole('button', { name: 'Reluați abonamentul' }));
    expect(portalUpdate).toHaveBeenLastCalledWith({ json: { action: 'resume', subscription: 'sub_local_1' } }, expect.anything());
    expect(await screen.findByText('Abonamentul a fost reluat. Se reînnoiește pe 23 decembrie 2026.')).toHaveFocus();
    expect(screen.getByText('Se reînnoiește pe')).toBeInTheDocument();
  });

  it('keeps the subscription when the user changes their mind, and gives focus back', async () => {
    const user = userEvent.setup();
    const portalUpdate = jest.fn();
    fakeUserService({ portal: jest.fn(async () => answer(full)), portalUpdate });
    renderWithSite(<LocalPortalPage />);
    await user.click(await screen.findByRole('button', { name: 'Anulați abonamentul' }));
    await user.click(screen.getByRole('button', { name: 'Nu, păstrez abonamentul' }));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getByRole('button', { name: 'Anulați abonamentul' })).toHaveFocus();
    expect(portalUpdate).not.toHaveBeenCalled();
  });

  it('updates the payment method, saying plainly that it is simulated', async () => {
    const user = userEvent.setup();
    const portalUpdate = jest.fn(async () => answer(full));
    fakeUserService({ portal: jest.fn(async () => answer(full)), portalUpdate });
    renderWithSite(<LocalPortalPage />);
    await user.click(await screen.findByRole('button', { name: 'Actualizați metoda de plată (simulat)' }));
    expect(portalUpdate).toHaveBeenCalledWith({ json: { action: 'update_payment_method', subscription: 'sub_local_1' } }, expect.anything());
    expect(await screen.findByText(/Metoda de plată a fost actualizată \(simulat\)/)).toHaveFocus();
  });

  it('says a refusal of the service in words, at once (an alert), in English too', async () => {
    act(() => setLocale('en'));
    const user = userEvent.setup();
    const portalUpdate = jest.fn(async () => answer({ error: { code: 'subscription_not_active', message: '' } }, 409));
    fakeUserService({ portal: jest.fn(async () => answer(full)), portalUpdate });
    renderWithSite(<LocalPortalPage />);
    await user.click(await screen.findByRole('button', { name: 'Update payment method (simulated)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your subscription has ended: choose a plan on the pricing page.');
    expect(screen.getByRole('button', { name: 'Update payment method (simulated)' })).toHaveFocus();
  });

  it('offers a plan to a user without a live subscription', async () => {
    fakeUserService({ portal: jest.fn(async () => answer({ subscription: null, switchTo: [] })) });
    renderWithSite(<LocalPortalPage />);
    expect(await screen.findByText('Nu aveți un abonament activ. Alegeți un plan pentru a începe unul.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reînnoiți abonamentul' })).toHaveAttribute('href', '/pricing');
  });

  it('does nothing where local billing is off (production configuration): it never calls the service', () => {
    setRuntimeConfig({ localBilling: false });
    const portal = jest.fn();
    fakeUserService({ portal });
    renderWithSite(<LocalPortalPage />);
    expect(screen.getByText(/Portalul local nu este disponibil aici/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(portal).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Înapoi la abonament, în contul meu' })).toHaveAttribute('href', '/account?tab=subscription');
  });
});

describe('a cancellation after the period has passed', () => {
  it('ends the subscription at once, and offers a plan', async () => {
    const user = userEvent.setup();
    const ended: LocalPortalState = { subscription: { ...full.subscription!, status: 'canceled', live: false }, switchTo: [] };
    fakeUserService({ portal: jest.fn(async () => answer(full)), portalUpdate: jest.fn(async () => answer(ended)) });
    renderWithSite(<LocalPortalPage />);
    await user.click(await screen.findByRole('button', { name: 'Anulați abonamentul' }));
    await user.click(screen.getByRole('button', { name: 'Da, anulez abonamentul' }));
    expect(await screen.findByText('Abonamentul s-a încheiat.')).toHaveFocus();
    expect(screen.getByText('Expirat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reluați abonamentul' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reînnoiți abonamentul' })).toHaveAttribute('href', '/pricing');
  });
});
