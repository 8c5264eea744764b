import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { subscribeToNewsletter } from '../../api/publicCalls';
import { renderWithSite } from '../../testing/renderWithSite';
import { Newsletter } from './Newsletter';

jest.mock('../../api/publicCalls', () => ({ subscribeToNewsletter: jest.fn() }));
const subscribe = jest.mocked(subscribeToNewsletter);

beforeEach(() => {
  subscribe.mockReset();
  act(() => setLocale('ro'));
});

const field = () => screen.getByRole('textbox', { name: /Adresa de email/ });
const submit = () => screen.getByRole('button', { name: 'Mă abonez' });

describe('newsletter', () => {
  it('has a visible label and a placeholder', () => {
    renderWithSite(<Newsletter />);
    expect(field()).toHaveAttribute('placeholder', 'nume@exemplu.ro');
    expect(screen.getByText('Adresa de email', { selector: 'label, label *' })).toBeVisible();
  });

  it('refuses an empty or invalid address with an inline error tied to the field, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithSite(<Newsletter />);
    await user.click(submit());
    expect(field()).toHaveAccessibleDescription('Eroare: Completați câmpul „Adresa de email”.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveFocus();

    await user.type(field(), 'ana@exemplu');
    await user.click(submit());
    expect(field()).toHaveAccessibleDescription('Eroare: Introduceți o adresă de email validă, de forma nume@exemplu.ro.');
    expect(subscribe).not.toHaveBeenCalled();

    await user.type(field(), '.ro');
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('says what to correct at each submission, in an alert, while the focus stays in the field', async () => {
    const user = userEvent.setup();
    renderWithSite(<Newsletter />);
    await user.click(field());
    await user.keyboard('{Enter}');
    const said = () =>
      screen
        .getAllByRole('alert')
        .map((alert) => alert.textContent)
        .join('');
    expect(said()).toBe('Eroare: Completați câmpul „Adresa de email”.');
    expect(field()).toHaveFocus();
    await user.keyboard('{Enter}');
    // The same words, changed (a trailing no-break space): a screen reader says them again.
    expect(said()).toBe('Eroare: Completați câmpul „Adresa de email”.\u00a0');
    await user.type(field(), 'ana@');
    expect(said()).toBe('Eroare: Completați câmpul „Adresa de email”.\u00a0');
  });

  it("asks for the subscription in the page's language, says to check the inbox and clears the field", async () => {
    subscribe.mockResolvedValue({ ok: true, data: { confirmationRequested: true } });
    const user = userEvent.setup();
    renderWithSite(<Newsletter />);
    await user.type(field(), '  ana@exemplu.ro ');
    await user.click(submit());
    expect(subscribe).toHaveBeenCalledWith('ana@exemplu.ro', 'ro');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Verificați-vă emailul: am trimis un link de confirmare la ana@exemplu.ro. Abonarea începe după ce deschideți linkul.',
    );
    expect(field()).toHaveValue('');
  });

  it('in English, asks for English mails and says so in English', async () => {
    subscribe.mockResolvedValue({ ok: true, data: { confirmationRequested: true } });
    act(() => setLocale('en'));
    const user = userEvent.setup();
    renderWithSite(<Newsletter />);
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(subscribe).toHaveBeenCalledWith('ana@example.com', 'en');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your email: we have sent a confirmation link to ana@example.com. Your subscription starts once you open the link.',
    );
  });

  it('announces a failure, in the current language, and keeps the address', async () => {
    subscribe.mockResolvedValue({ ok: false, failure: 'unavailable', code: null });
    act(() => setLocale('en'));
    const user = userEvent.setup();
    renderWithSite(<Newsletter />);
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByText(/the service is not answering/)).closest('[role="alert"]')).not.toBeNull();
    expect(email).toHaveValue('ana@example.com');
  });
});
