import { MemoryRouter, Route, Routes, setLocale, SiteProviders } from '@site/shared-ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STRIPE_PRICING_TABLE_SCRIPT, STRIPE_SCRIPT_TIMEOUT_MS } from '../../constants';
import '../../i18n/register';
import { answer, fakeUserService, networkError, setRuntimeConfig, setSession } from '../../testing/fakeUserService';
import PricingPage from './PricingPage';

jest.mock('@site/shared-ui', () => ({ ...jest.requireActual('@site/shared-ui'), userService: jest.fn(), useSession: jest.fn() }));

const STRIPE = { pricingTableId: 'prctbl_123', publishableKey: 'pk_test_123', customerPortalUrl: '' };

function renderPricing() {
  return render(
    <SiteProviders>
      <MemoryRouter initialEntries={['/pricing']}>
        <Routes>
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/account" element={<h1>account page</h1>} />
        </Routes>
      </MemoryRouter>
    </SiteProviders>,
  );
}

const plans = () => screen.queryAllByRole('listitem').filter((item) => within(item).queryByRole('heading', { level: 2 }));

beforeEach(() => {
  act(() => setLocale('ro'));
  setSession();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe("pricing without Stripe (the site's own plans)", () => {
  beforeEach(() => setRuntimeConfig({ localBilling: true }));

  it('shows the heading with its highlighted word, and the three plans of the site as cards', () => {
    renderPricing();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Alegeți abonamentul potrivit');
    expect(document.title).toBe('Alegeți abonamentul potrivit · Vedere');
    const cards = plans();
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Perioadă de probă gratuită', 'Plan complet', 'Pe bază de eligibilitate']);
    expect(cards[0]).toHaveTextContent('Gratuit 14 zile');
    expect(cards[0]).toHaveTextContent('14 zile');
    expect(cards[1]).toHaveTextContent('60 lei / lună');
    expect(cards[1]).toHaveTextContent('Recomandat');
    expect(cards[2]).toHaveTextContent('Fără plată lunară');
    expect(within(cards[2]!).getByRole('link', { name: 'Contactați-ne' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('heading', { name: 'Toate planurile includ' })).toBeInTheDocument();
    expect(screen.getByText('detectarea culorilor')).toBeInTheDocument();
  });

  it('starts the trial through the local checkout, then opens the subscription tab', async () => {
    const checkout = jest.fn(async () => answer({ plan: 'trial', completed: true }));
    fakeUserService({ checkout });
    renderPricing();
    await userEvent.click(screen.getByRole('button', { name: 'Începeți perioada de probă' }));
    expect(await screen.findByRole('heading', { name: 'account page' })).toBeInTheDocument();
    expect(checkout).toHaveBeenCalledWith({ json: { plan: 'trial' } }, expect.anything());
  });

  it('says the trial was already used, and keeps the page', async () => {
    fakeUserService({ checkout: jest.fn(async () => answer({ error: { code: 'trial_already_used', message: '' } }, 409)) });
    renderPricing();
    await userEvent.click(screen.getByRole('button', { name: 'Începeți perioada de probă' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ați folosit deja perioada de probă gratuită');
    expect(screen.getByRole('button', { name: 'Alegeți planul complet' })).not.toHaveAttribute('aria-disabled');
  });

  it('says so when the service does not answer', async () => {
    fakeUserService({ checkout: jest.fn(networkError) });
    renderPricing();
    await userEvent.click(screen.getByRole('button', { name: 'Alegeți planul complet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('serviciul nu răspunde acum');
  });

  it('offers no checkout when local billing is off', () => {
    setRuntimeConfig({ localBilling: false });
    renderPricing();
    expect(screen.queryByRole('button', { name: 'Începeți perioada de probă' })).not.toBeInTheDocument();
    expect(screen.getByText(/Abonarea online nu este disponibilă acum/)).toBeInTheDocument();
  });
});

// In this order: the custom element, once defined, stays defined for the rest of this file.
describe('pricing with Stripe configured', () => {
  beforeEach(() => setRuntimeConfig({ stripe: STRIPE, localBilling: false }));
  afterEach(() => jest.useRealTimers());

  it("shows the site's plans when the script has not loaded in time, says why, and tries again on request", async () => {
    jest.useFakeTimers();
    renderPricing();
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă tabelul de prețuri…');
    expect(document.head.querySelector(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).not.toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(STRIPE_SCRIPT_TIMEOUT_MS);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Tabelul de prețuri Stripe nu s-a putut încărca');
    expect(plans()).toHaveLength(3);
    // With Stripe configured, checkout is Stripe's: the cards only inform.
    expect(screen.queryByRole('button', { name: 'Începeți perioada de probă' })).not.toBeInTheDocument();
    expect(document.head.querySelector(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).toBeNull();

    await act(async () => screen.getByRole('button', { name: 'Încercați din nou' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă tabelul de prețuri…');
    expect(document.head.querySelector(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).not.toBeNull();
  });

  it("shows the pricing table with the user's id and email once the script has loaded", async () => {
    renderPricing();
    expect(screen.getByRole('status')).toHaveTextContent('Se încarcă tabelul de prețuri…');
    act(() => customElements.define('stripe-pricing-table', class extends HTMLElement {}));
    const table = await screen.findByText((_, element) => element?.tagName === 'STRIPE-PRICING-TABLE');
    expect(table).toHaveAttribute('pricing-table-id', 'prctbl_123');
    expect(table).toHaveAttribute('publishable-key', 'pk_test_123');
    expect(table).toHaveAttribute('client-reference-id', 'uid-ana');
    expect(table).toHaveAttribute('customer-email', 'ana.pop@exemplu.ro');
    expect(plans()).toHaveLength(0);
  });
});
