import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { sendContactMessage } from '../../api/publicCalls';
import { renderWithSite } from '../../testing/renderWithSite';
import { ContactForm } from './ContactForm';

jest.mock('../../api/publicCalls', () => ({ sendContactMessage: jest.fn() }));
const send = jest.mocked(sendContactMessage);

beforeEach(() => {
  send.mockReset();
  act(() => setLocale('ro'));
});

const box = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  const labels: Record<string, RegExp> = {
    firstname: /^Prenume/,
    lastname: /^Nume/,
    email: /^Adresa de email/,
    subject: /^Subiect/,
    message: /^Mesaj/,
  };
  for (const [name, value] of Object.entries(values)) await user.type(box(labels[name]!), value!);
}

const complete = { firstname: 'Ana', lastname: 'Pop', email: 'ana@exemplu.ro', subject: 'Demo', message: 'Aș vrea o demonstrație.' };

describe('contact form', () => {
  it('labels every field and marks each as required', () => {
    renderWithSite(<ContactForm />);
    for (const name of [/^Prenume \(obligatoriu\)$/, /^Nume \(obligatoriu\)$/, /^Adresa de email \(obligatoriu\)$/, /^Subiect \(obligatoriu\)$/, /^Mesaj \(obligatoriu\)$/]) {
      expect(box(name)).toBeRequired();
    }
  });

  it('on an incomplete submit shows a focused error summary whose links lead to the fields', async () => {
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    await fillIn(user, { firstname: 'Ana', email: 'ana' });
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));

    const summary = screen.getByRole('group', { name: 'Verificați formularul' });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Completați câmpul „Nume”.',
      'Introduceți o adresă de email validă, de forma nume@exemplu.ro.',
      'Completați câmpul „Subiect”.',
      'Completați câmpul „Mesaj”.',
    ]);
    expect(box(/^Nume/)).toHaveAccessibleDescription('Eroare: Completați câmpul „Nume”.');
    expect(box(/^Prenume/)).not.toHaveAttribute('aria-invalid');

    await user.click(links[2]!);
    expect(box(/^Subiect/)).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('treats a field of spaces as empty', async () => {
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    await fillIn(user, { ...complete, subject: '   ' });
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(box(/^Subiect/)).toHaveAccessibleDescription('Eroare: Completați câmpul „Subiect”.');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the message, announces it and clears the form', async () => {
    send.mockResolvedValue({ ok: true, data: { id: '1' } });
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    await fillIn(user, complete);
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(send).toHaveBeenCalledWith(complete, expect.any(String));
    expect(await screen.findByRole('status')).toHaveTextContent('Mesajul a fost trimis.');
    expect(box(/^Mesaj/)).toHaveValue('');
    expect(box(/^Prenume/)).toHaveValue('');
  });

  it('keeps everything typed when sending fails, and says why', async () => {
    send.mockResolvedValue({ ok: false, failure: 'rate_limited', code: 'rate_limited' });
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    await fillIn(user, complete);
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ați trimis prea multe cereri');
    expect(box(/^Mesaj/)).toHaveValue(complete.message);
    expect(box(/^Adresa de email/)).toHaveValue(complete.email);
  });

  it('sends one Idempotency-Key per submission: the same on a retry of the same message, a new one for the next message', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    send
      .mockResolvedValueOnce({ ok: false, failure: 'unavailable', code: null })
      .mockResolvedValueOnce({ ok: true, data: { id: '7' } })
      .mockResolvedValueOnce({ ok: true, data: { id: '8' } });
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    const submit = () => user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));

    await fillIn(user, complete);
    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/./));
    await submit();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Mesajul a fost trimis.'));
    const [failedKey, retriedKey] = send.mock.calls.map(([, key]) => key);
    expect(failedKey).toMatch(uuid);
    expect(retriedKey).toBe(failedKey);

    // The form was reset by the page, not typed empty: user-event must be told the fields are empty.
    for (const field of screen.getAllByRole('textbox')) await user.clear(field);
    await fillIn(user, complete);
    await submit();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(send.mock.calls[2]![1]).toMatch(uuid);
    expect(send.mock.calls[2]![1]).not.toBe(failedKey);
  });

  it('takes a new key when the message is changed before it is sent again', async () => {
    send.mockResolvedValue({ ok: false, failure: 'unavailable', code: null });
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    await fillIn(user, complete);
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    await user.type(box(/^Mesaj/), ' Mulțumesc.');
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].message).toBe(`${complete.message} Mulțumesc.`);
    expect(send.mock.calls[1]![1]).not.toBe(send.mock.calls[0]![1]);
  });

  it('translates its errors when the language changes', async () => {
    const user = userEvent.setup();
    renderWithSite(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    act(() => setLocale('en'));
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('Error: Fill in the “First name” field.');
  });
});
