import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '../i18n/i18n';
import { expectNoAxeViolations } from '../testing/axe';
import { renderWithSite } from '../testing/renderWithSite';
import { TextField } from './TextField';

beforeEach(() => act(() => setLocale('ro')));

describe('a text field', () => {
  it('is named by its label, which says when the field is required', () => {
    renderWithSite(<TextField id="name" name="name" label="Nume" required />);
    const field = screen.getByRole('textbox', { name: 'Nume (obligatoriu)' });
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('id', 'name');
    expect(field).toHaveAttribute('name', 'name');
    expect(screen.getByRole('textbox', { name: 'Nume (obligatoriu)' })).not.toHaveAttribute('aria-invalid');
  });

  it('says nothing of an error while it has none', () => {
    renderWithSite(<TextField id="email" name="email" type="email" label="Email" />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).not.toBeRequired();
    expect(field).toHaveAttribute('type', 'email');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
    expect(field).toHaveAccessibleDescription('');
  });

  it('marks an error aria-invalid and gives it as the field\'s description, prefixed "Error:" for screen readers', () => {
    renderWithSite(<TextField id="email" name="email" label="Email" required error="Introduceți o adresă de email validă." />);
    const field = screen.getByRole('textbox', { name: 'Email (obligatoriu)' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', 'email-error');
    expect(field).toHaveAccessibleDescription('Eroare: Introduceți o adresă de email validă.');
    // The error is shown above the field, so it is read before the field in reading order.
    expect(document.getElementById('email-error')!.nextElementSibling).toBe(field);
  });

  it('is a multi-line text area when asked, with the same label and error ties', () => {
    renderWithSite(<TextField id="message" name="message" label="Mesaj" multiline maxLength={2000} error="Textul este prea lung." />);
    const area = screen.getByRole('textbox', { name: 'Mesaj' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('maxlength', '2000');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Eroare: Textul este prea lung.');
  });

  it('hands each change of value to the form, with the control itself', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithSite(<TextField id="name" name="name" label="Nume" onValueChange={onValueChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Nume' }), 'Ana');
    expect(onValueChange).toHaveBeenCalledTimes(3);
    expect(onValueChange).toHaveBeenLastCalledWith(screen.getByRole('textbox', { name: 'Nume' }));
    expect(onValueChange.mock.lastCall[0].value).toBe('Ana');
  });

  it("follows the page's language in what it adds to the label and the error", () => {
    renderWithSite(<TextField id="name" name="name" label="Name" required error="Enter your name." />);
    act(() => setLocale('en'));
    const field = screen.getByRole('textbox', { name: /^Name \(/ });
    expect(field).toHaveAccessibleName(expect.not.stringContaining('obligatoriu'));
    expect(field).toHaveAccessibleDescription(expect.not.stringContaining('Eroare'));
  });

  it('passes axe without and with an error, single- and multi-line', async () => {
    const { container } = renderWithSite(
      <form>
        <TextField id="a" name="a" label="Nume" required />
        <TextField id="b" name="b" label="Email" type="email" error="Introduceți o adresă validă." />
        <TextField id="c" name="c" label="Mesaj" multiline required error="Completați câmpul." />
      </form>,
    );
    await expectNoAxeViolations(container);
  });
});
