import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { followNewsletterLink } from '../../api/publicCalls';
import { renderWithSite } from '../../testing/renderWithSite';
import NewsletterConfirmPage from './NewsletterConfirmPage';
import NewsletterUnsubscribePage from './NewsletterUnsubscribePage';

jest.mock('../../api/publicCalls', () => ({ followNewsletterLink: jest.fn() }));
const follow = jest.mocked(followNewsletterLink);

beforeEach(() => {
  follow.mockReset();
  act(() => setLocale('ro'));
});

const status = () => screen.getByRole('status');
const alert = () => screen.getByRole('alert');

describe("the newsletter's link pages", () => {
  it('confirms on arrival with the token of the address, and says so in a status', async () => {
    follow.mockResolvedValue({ ok: true, data: { subscribed: true } });
    renderWithSite(<NewsletterConfirmPage />, { path: '/newsletter-confirm?token=a.b.c' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirmarea abonării');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(status()).toHaveTextContent('Se confirmă abonarea…');
    expect(await screen.findByText(/^Abonarea este confirmată\./)).toBe(status());
    expect(follow).toHaveBeenCalledTimes(1);
    expect(follow).toHaveBeenCalledWith('confirm', 'a.b.c');
    expect(alert()).toBeEmptyDOMElement();
  });

  it('unsubscribes on arrival, in English when that is the language', async () => {
    follow.mockResolvedValue({ ok: true, data: { unsubscribed: true } });
    act(() => setLocale('en'));
    renderWithSite(<NewsletterUnsubscribePage />, { path: '/newsletter-unsubscribe?token=x.y.z' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Unsubscribe from our news');
    expect(await screen.findByText(/^You have unsubscribed\./)).toBe(status());
    expect(follow).toHaveBeenCalledWith('unsubscribe', 'x.y.z');
  });

  it.each([
    ['link_expired', 'Linkul a expirat: era valabil 7 zile.'],
    ['link_unknown', 'Linkul nu mai este valabil: această abonare nu mai există.'],
    ['link_invalid', 'Linkul nu este valid.'],
    [null, 'Linkul nu este valid.'],
  ])('says at once why a link refused (%s) cannot work, and leads to the form instead of a retry', async (code, words) => {
    follow.mockResolvedValue({ ok: false, failure: 'invalid', code });
    renderWithSite(<NewsletterConfirmPage />, { path: '/newsletter-confirm?token=a.b.c' });
    expect(await screen.findByText(new RegExp(`^${words}`))).toBe(alert());
    expect(status()).toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Abonați-vă la noutăți' })).toHaveAttribute('href', '/#newsletter');
    expect(screen.queryByRole('button', { name: 'Încercați din nou' })).toBeNull();
  });

  it('calls nothing for an address without a token, and says the link is not valid', () => {
    renderWithSite(<NewsletterUnsubscribePage />, { path: '/newsletter-unsubscribe' });
    expect(alert()).toHaveTextContent(/^Linkul nu este valid\./);
    expect(follow).not.toHaveBeenCalled();
  });

  it('offers a retry when the service does not answer; the focus stays on it, then moves to the outcome', async () => {
    follow.mockResolvedValueOnce({ ok: false, failure: 'unavailable', code: null });
    follow.mockResolvedValueOnce({ ok: false, failure: 'rate_limited', code: 'rate_limited' });
    let answer!: (value: Awaited<ReturnType<typeof followNewsletterLink>>) => void;
    follow.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithSite(<NewsletterConfirmPage />, { path: '/newsletter-confirm?token=a.b.c' });
    expect(await screen.findByText(/^Serviciul nu răspunde acum\./)).toBe(alert());

    const retry = screen.getByRole('button', { name: 'Încercați din nou' });
    await user.click(retry);
    expect(await screen.findByText(/^Prea multe încercări/)).toBe(alert());
    expect(retry).toHaveFocus();

    await user.click(retry);
    expect(status()).toHaveTextContent('Se confirmă abonarea…');
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    expect(retry).toHaveFocus();
    await act(async () => answer({ ok: true, data: { subscribed: true } }));
    expect(status()).toHaveTextContent(/^Abonarea este confirmată\./);
    expect(status()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Încercați din nou' })).toBeNull();
    expect(follow).toHaveBeenCalledTimes(3);
  });
});
