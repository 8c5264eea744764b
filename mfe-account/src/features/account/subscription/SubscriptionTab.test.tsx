import { setLocale, SLOW_CALL_MS } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionInfo } from '../../../api/accountCalls';
import '../../../i18n/register';
import { answer, fakeUserService, never, networkError, setRuntimeConfig } from '../../../testing/fakeUserService';
import { portalNavigation } from './PortalLinks';
import { SubscriptionDetails, SubscriptionTab } from './SubscriptionTab';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

const PORTAL = 'https://billing.stripe.com/p/login/test_portal';
const now = Date.UTC(2026, 10, 23, 12);
const trial: SubscriptionInfo = { isActive: true, isTrial: true, trialEndTimestamp: now / 1000 + 14 * 86_400, productName: 'Free Trial', plan: 'trial', cancelAt: null };
const expired: SubscriptionInfo = { isActive: false, isTrial: false, trialEndTimestamp: null, productName: null, plan: null, cancelAt: null };

const show = (info: SubscriptionInfo, email: string | null = 'ana+test@exemplu.ro') => renderWithSite(<SubscriptionDetails info={info} email={email} now={now} />);

beforeEach(() => {
  act(() => setLocale('ro'));
  setRuntimeConfig({ stripe: { pricingTableId: '', publishableKey: '', customerPortalUrl: PORTAL } });
});

describe('the subscription tab', () => {
  it('shows an active trial: the Active badge in words, the plan, the days left, no renew button', () => {
    show(trial);
    expect(screen.getByText('Activ')).toBeInTheDocument();
    // The site's own plan in the page's language, not the English product name.
    expect(screen.getByText('Perioadă de probă gratuită')).toBeInTheDocument();
    expect(screen.queryByText('Free Trial')).not.toBeInTheDocument();
    expect(screen.getByText(/mai aveți 14 zile din perioada de probă/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reînnoiți abonamentul' })).not.toBeInTheDocument();
  });

  it("says when the trial ends and what follows it, in the site's time zone", () => {
    show(trial);
    // 14 days after 23 November 2026, 12:00 UTC.
    expect(
      screen.getByText(
        /Se încheie pe 7 decembrie 2026\. După aceea nu plătiți nimic și nu se reînnoiește; ca să folosiți aplicația în continuare, alegeți planul complet din „Schimbați planul”\./,
      ),
    ).toBeInTheDocument();
    act(() => setLocale('en'));
    expect(screen.getByText(/It ends on December 7, 2026\. After that you pay nothing and it does not renew/)).toBeInTheDocument();
  });

  it('shows another product by the name the billing provider gives it', () => {
    show({ ...trial, isTrial: false, plan: null, productName: 'Plan anual' });
    expect(screen.getByText('Plan anual')).toBeInTheDocument();
  });

  it('shows an expired subscription: the Expired badge, N/A for the plan, a renew button to /pricing, no trial', () => {
    show(expired);
    expect(screen.getByText('Expirat')).toBeInTheDocument();
    expect(screen.getByText('Indisponibil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reînnoiți abonamentul' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText(/perioada de probă/)).not.toBeInTheDocument();
  });

  it('links to the customer portal with the email prefilled and URL-encoded; cancel only while active', () => {
    const expected = `${PORTAL}?prefilled_email=ana%2Btest%40exemplu.ro`;
    const { unmount } = show(trial);
    for (const name of [/Schimbați datele de plată/, /Schimbați planul/, /Anulați abonamentul/]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', expected);
    }
    expect(screen.getByRole('link', { name: /Anulați abonamentul/ })).toHaveAccessibleName('Anulați abonamentul (deschide site-ul Stripe)');
    unmount();
    show(expired);
    expect(screen.getByRole('link', { name: /Schimbați datele de plată/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Anulați abonamentul/ })).not.toBeInTheDocument();
  });

  it('shows no portal links when no portal is configured', () => {
    setRuntimeConfig({});
    show(trial);
    expect(screen.queryByRole('link', { name: /Schimbați planul/ })).not.toBeInTheDocument();
  });

  it('says the days left in English too, singular and plural', () => {
    act(() => setLocale('en'));
    const { unmount } = show({ ...trial, trialEndTimestamp: now / 1000 + 86_400 });
    expect(screen.getByText(/you have 1 day of your trial left/)).toBeInTheDocument();
    unmount();
    show({ ...trial, trialEndTimestamp: now / 1000 + 20 * 86_400 });
    expect(screen.getByText(/you have 20 days of your trial left/)).toBeInTheDocument();
  });

  it('uses the Romanian plural forms', () => {
    const { unmount } = show({ ...trial, trialEndTimestamp: now / 1000 + 86_400 });
    expect(screen.getByText(/mai aveți o zi din perioada de probă/)).toBeInTheDocument();
    unmount();
    show({ ...trial, trialEndTimestamp: now / 1000 + 20 * 86_400 });
    expect(screen.getByText(/mai aveți 20 de zile din perioada de probă/)).toBeInTheDocument();
  });

  it('says when the trial ends today and when it has ended', () => {
    const { unmount } = show({ ...trial, trialEndTimestamp: now / 1000 + 3600 });
    expect(screen.getByText(/perioada de probă se încheie astăzi/)).toBeInTheDocument();
    unmount();
    show({ ...trial, trialEndTimestamp: now / 1000 - 3600 });
    expect(screen.getByText(/perioada de probă s-a încheiat/)).toBeInTheDocument();
  });
});

describe('loading the subscription', () => {
  it('announces loading, and says so when it is slow', () => {
    jest.useFakeTimers();
    try {
      fakeUserService({ subscription: jest.fn(never) });
      renderWithSite(<SubscriptionTab email="ana@exemplu.ro" />);
      expect(screen.getByRole('status')).toHaveTextContent('Se încarcă abonamentul…');
      act(() => jest.advanceTimersByTime(SLOW_CALL_MS));
      expect(screen.getByRole('status')).toHaveTextContent('Durează mai mult decât de obicei');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a translated error when the service does not answer, and the subscription after a retry', async () => {
    const subscription = jest.fn(networkError);
    fakeUserService({ subscription });
    renderWithSite(<SubscriptionTab email="ana@exemplu.ro" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nu am putut încărca abonamentul: serviciul nu răspunde acum.');
    subscription.mockResolvedValue(answer(trial));
    await userEvent.click(screen.getByRole('button', { name: 'Încercați din nou' }));
    expect(await screen.findByText('Activ')).toBeInTheDocument();
    expect(subscription).toHaveBeenCalledTimes(2);
  });

  it('shows a refused call (a 401) as an error too, never a blank tab', async () => {
    fakeUserService({ subscription: jest.fn(async () => answer({ error: { code: 'token_expired', message: '' } }, 401)) });
    renderWithSite(<SubscriptionTab email="ana@exemplu.ro" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('serviciul a refuzat cererea');
  });
});

describe('a subscription cancelled at the end of its period', () => {
  // Noon UTC: the same day wherever the test runs.
  const cancelAt = Date.UTC(2026, 11, 23, 12) / 1000;

  it('says that it stays active and ends on that date, in both languages', () => {
    const { unmount } = show({ ...trial, isTrial: false, cancelAt });
    expect(screen.getByText('Activ')).toBeInTheDocument();
    expect(screen.getByText(/abonamentul rămâne activ până la 23 decembrie 2026, apoi se încheie/)).toBeInTheDocument();
    unmount();
    act(() => setLocale('en'));
    show({ ...trial, isTrial: false, cancelAt });
    expect(screen.getByText(/your subscription stays active until December 23, 2026, then ends/)).toBeInTheDocument();
  });

  it('says nothing of an end for a subscription that renews', () => {
    show(trial);
    expect(screen.queryByText(/rămâne activ până la/)).not.toBeInTheDocument();
  });
});

describe('the portal links with local billing (no Stripe keys)', () => {
  beforeEach(() => setRuntimeConfig({ localBilling: true, stripe: { pricingTableId: '', publishableKey: '', customerPortalUrl: '' } }));

  it('lead to the local portal page with the email prefilled; cancel only while active', () => {
    const expected = '/account-billing?prefilled_email=ana%2Btest%40exemplu.ro';
    const { unmount } = show(trial);
    expect(screen.getByRole('list', { name: 'Administrarea abonamentului, în portalul local (simulat, fără plată)' })).toBeInTheDocument();
    for (const name of [/Schimbați datele de plată/, /Schimbați planul/, /Anulați abonamentul/]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', expected);
    }
    expect(screen.getByRole('link', { name: /Anulați/ })).toHaveAccessibleName('Anulați abonamentul (portal local, simulat)');
    unmount();
    show(expired);
    expect(screen.getByRole('link', { name: /Schimbați planul/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Anulați abonamentul/ })).not.toBeInTheDocument();
  });

  it('shows no local links where local billing is off (production configuration) and no portal is configured', () => {
    setRuntimeConfig({ localBilling: false });
    show(trial);
    expect(screen.queryByRole('link', { name: /Schimbați planul/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="/account-billing"]')).toBeNull();
  });
});

describe('the portal links with Stripe', () => {
  let leave: jest.SpyInstance;
  beforeEach(() => {
    leave = jest.spyOn(portalNavigation, 'leaveFor').mockImplementation(() => undefined);
  });
  afterEach(() => leave.mockRestore());

  it.each([
    [/Schimbați datele de plată/, 'payment_method'],
    [/Schimbați planul/, 'manage'],
    [/Anulați abonamentul/, 'cancel'],
  ])('%s opens a portal session the service makes, at flow %s, returning to the subscription tab', async (name, flow) => {
    const portalSession = jest.fn(async () => answer({ url: `https://billing.stripe.com/p/session/${flow}` }));
    fakeUserService({ portalSession });
    show(trial);
    await userEvent.click(screen.getByRole('link', { name }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`https://billing.stripe.com/p/session/${flow}`));
    expect(portalSession).toHaveBeenCalledWith({ json: { flow, returnUrl: `${window.location.origin}/account?tab=subscription` } }, expect.anything());
  });

  it('announces the wait, and falls back to the configured portal URL (email prefilled) when the service makes no session', async () => {
    let answerSession: (value: unknown) => void = () => undefined;
    fakeUserService({
      portalSession: jest.fn(
        () =>
          new Promise((resolve) => {
            answerSession = resolve;
          }),
      ),
    });
    show(trial);
    await userEvent.click(screen.getByRole('link', { name: /Schimbați planul/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Se deschide portalul Stripe…');
    answerSession(answer({ error: { code: 'portal_sessions_disabled', message: '' } }, 404));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`${PORTAL}?prefilled_email=ana%2Btest%40exemplu.ro`));
  });

  it('falls back to the portal URL when the service does not answer', async () => {
    fakeUserService({ portalSession: jest.fn(networkError) });
    show(trial);
    await userEvent.click(screen.getByRole('link', { name: /Anulați abonamentul/ }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`${PORTAL}?prefilled_email=ana%2Btest%40exemplu.ro`));
  });
});
