import { setLocale } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionInfo } from '../../api/accountCalls';
import { SLOW_CALL_MS } from '../../config';
import '../../i18n/register';
import { answer, fakeUserService, never, networkError, setRuntimeConfig } from '../../testing/fakeUserService';
import { SubscriptionDetails, SubscriptionTab } from './SubscriptionTab';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

const PORTAL = 'https://billing.stripe.com/p/login/test_portal';
const now = Date.UTC(2026, 10, 23, 12);
const trial: SubscriptionInfo = { isActive: true, isTrial: true, trialEndTimestamp: now / 1000 + 14 * 86_400, productName: 'Free Trial' };
const expired: SubscriptionInfo = { isActive: false, isTrial: false, trialEndTimestamp: null, productName: null };

const show = (info: SubscriptionInfo, email: string | null = 'ana+test@exemplu.ro') =>
  renderWithSite(<SubscriptionDetails info={info} email={email} now={now} />);

beforeEach(() => {
  act(() => setLocale('ro'));
  setRuntimeConfig({ stripe: { pricingTableId: '', publishableKey: '', customerPortalUrl: PORTAL } });
});

describe('the subscription tab', () => {
  it('shows an active trial: the Active badge in words, the plan, the days left, no renew button', () => {
    show(trial);
    expect(screen.getByText('Activ')).toBeInTheDocument();
    expect(screen.getByText('Free Trial')).toBeInTheDocument();
    expect(screen.getByText(/mai aveți 14 zile din perioada de probă/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reînnoiește abonamentul' })).not.toBeInTheDocument();
  });

  it('shows an expired subscription: the Expired badge, N/A for the plan, a renew button to /pricing, no trial', () => {
    show(expired);
    expect(screen.getByText('Expirat')).toBeInTheDocument();
    expect(screen.getByText('Indisponibil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reînnoiește abonamentul' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText(/perioada de probă/)).not.toBeInTheDocument();
  });

  it('links to the customer portal with the email prefilled and URL-encoded; cancel only while active', () => {
    const expected = `${PORTAL}?prefilled_email=ana%2Btest%40exemplu.ro`;
    const { unmount } = show(trial);
    for (const name of [/Schimbă datele de plată/, /Schimbă planul/, /Anulează abonamentul/]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', expected);
    }
    expect(screen.getByRole('link', { name: /Anulează abonamentul/ })).toHaveAccessibleName('Anulează abonamentul (deschide site-ul Stripe)');
    unmount();
    show(expired);
    expect(screen.getByRole('link', { name: /Schimbă datele de plată/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Anulează abonamentul/ })).not.toBeInTheDocument();
  });

  it('shows no portal links when no portal is configured', () => {
    setRuntimeConfig({});
    show(trial);
    expect(screen.queryByRole('link', { name: /Schimbă planul/ })).not.toBeInTheDocument();
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
    await userEvent.click(screen.getByRole('button', { name: 'Încearcă din nou' }));
    expect(await screen.findByText('Activ')).toBeInTheDocument();
    expect(subscription).toHaveBeenCalledTimes(2);
  });

  it('shows a refused call (a 401) as an error too, never a blank tab', async () => {
    fakeUserService({ subscription: jest.fn(async () => answer({ error: { code: 'token_expired', message: '' } }, 401)) });
    renderWithSite(<SubscriptionTab email="ana@exemplu.ro" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('serviciul a refuzat cererea');
  });
});
