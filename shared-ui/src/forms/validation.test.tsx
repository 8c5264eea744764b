import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { setLocale } from '../i18n/i18n';
import { renderWithSite } from '../testing/renderWithSite';
import { ErrorSummary } from './ErrorSummary';
import { RefusalAnnouncement } from './FormStatus';
import { TextField } from './TextField';
import { EMAIL_PATTERN, fieldProblem, useFormValidation } from './validation';

beforeEach(() => act(() => setLocale('ro')));

function control(html: string, value: string) {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild as HTMLInputElement;
  element.value = value;
  return element;
}

describe("what is wrong with a field (the browser's own constraints)", () => {
  it('counts an empty or blank required field as missing', () => {
    expect(fieldProblem(control('<input required>', ''))).toBe('required');
    expect(fieldProblem(control('<input required>', '   '))).toBe('required');
    expect(fieldProblem(control('<textarea required></textarea>', '\n'))).toBe('required');
    expect(fieldProblem(control('<input>', ''))).toBeNull();
  });

  it('refuses an address that is not an email, or has no real domain ending', () => {
    const email = `<input type="email" pattern="${EMAIL_PATTERN}">`;
    expect(fieldProblem(control(email, 'ana'))).toBe('email');
    expect(fieldProblem(control(email, 'ana@exemplu'))).toBe('email');
    expect(fieldProblem(control(email, 'ana@exemplu.r'))).toBe('email');
    expect(fieldProblem(control(email, 'ana.pop@exemplu.ro'))).toBeNull();
  });

  it('says a field is too long when the browser does', () => {
    const input = control('<input maxlength="3">', 'abcd');
    jest.spyOn(input, 'validity', 'get').mockReturnValue({ ...input.validity, tooLong: true });
    expect(fieldProblem(input)).toBe('tooLong');
  });
});

/** A form of two fields as the site's forms are built: summary, fields, refusal said aloud. */
function ContactForm({ onValid }: { onValid: (values: Record<'name' | 'email', string>) => void }) {
  const { message, validate, revalidate, summary, announcement } = useFormValidation({ name: 'Nume', email: 'Email' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = validate(event.currentTarget);
    if (values) onValid(values);
  };
  return (
    <form noValidate onSubmit={submit}>
      {summary.length > 0 && <ErrorSummary items={summary.map(({ name, message: text }) => ({ fieldId: `f-${name}`, message: text }))} />}
      <TextField id="f-name" name="name" label="Nume" required error={message('name')} onValueChange={revalidate} />
      <TextField id="f-email" name="email" type="email" pattern={EMAIL_PATTERN} label="Email" required error={message('email')} onValueChange={revalidate} />
      <button type="submit">Trimite</button>
      <RefusalAnnouncement text={announcement} />
    </form>
  );
}

const nameField = () => screen.getByRole('textbox', { name: /^Nume/ });
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });

describe('validating a form', () => {
  it('flags each field that must be corrected, summarises them, and says them at once', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    renderWithSite(<ContactForm onValid={onValid} />);
    await user.type(emailField(), 'ana');
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Eroare: Completați câmpul „Nume”.');
    expect(emailField()).toHaveAccessibleDescription('Eroare: Introduceți o adresă de email validă, de forma nume@exemplu.ro.');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Completați câmpul „Nume”.', 'Introduceți o adresă de email validă, de forma nume@exemplu.ro.']);
    expect(screen.getByRole('alert')).toHaveTextContent('Eroare: Completați câmpul „Nume”. Eroare: Introduceți o adresă de email validă, de forma nume@exemplu.ro.');
  });

  it('says the same refusal again at the next attempt (a live region says only what changes)', async () => {
    const user = userEvent.setup();
    renderWithSite(<ContactForm onValid={jest.fn()} />);
    await user.type(nameField(), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    const first = screen.getByRole('alert').textContent;
    expect(first).toBe('Eroare: Completați câmpul „Email”.');
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    expect(screen.getByRole('alert').textContent).not.toBe(first);
    expect(screen.getByRole('alert').textContent!.trim()).toBe(first);
  });

  it("lets a flagged field's message follow what the user types, and leaves the others alone until the next submit", async () => {
    const user = userEvent.setup();
    renderWithSite(<ContactForm onValid={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    await user.type(emailField(), 'ana');
    expect(emailField()).toHaveAccessibleDescription(/adresă de email validă/);
    await user.type(emailField(), '@exemplu.ro');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(emailField()).toHaveAccessibleDescription('');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    // What the attempt said stays as it was when submitted.
    expect(screen.getByRole('alert')).toHaveTextContent(/Email/);
  });

  it('answers the trimmed values once nothing is wrong, and says nothing', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    renderWithSite(<ContactForm onValid={onValid} />);
    await user.type(nameField(), '  Ana Pop ');
    await user.type(emailField(), 'ana.pop@exemplu.ro ');
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ana Pop', email: 'ana.pop@exemplu.ro' });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('re-translates the messages shown when the language changes', async () => {
    const user = userEvent.setup();
    renderWithSite(<ContactForm onValid={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    act(() => setLocale('en'));
    expect(nameField()).toHaveAccessibleDescription(expect.not.stringContaining('Completați'));
    expect(nameField()).toHaveAccessibleDescription(/Nume/);
  });

  it('clears every message on reset', () => {
    const { result } = renderHook(() => useFormValidation({ name: 'Nume' }));
    const form = document.createElement('form');
    form.innerHTML = '<input name="name" required>';
    act(() => void result.current.validate(form));
    expect(result.current.message('name')).toBe('Completați câmpul „Nume”.');
    act(() => result.current.reset());
    expect(result.current.message('name')).toBeUndefined();
    expect(result.current.summary).toEqual([]);
  });

  it('fails loudly when a field it was given is not in the form', () => {
    const { result } = renderHook(() => useFormValidation({ phone: 'Telefon' }));
    expect(() => result.current.validate(document.createElement('form'))).toThrow('The form has no field named phone');
  });
});
