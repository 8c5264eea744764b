import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { setLocale } from '../i18n/i18n';
import { expectNoAxeViolations } from '../testing/axe';
import { renderWithSite } from '../testing/renderWithSite';
import { ErrorSummary } from './ErrorSummary';
import { TextField } from './TextField';

beforeEach(() => act(() => setLocale('ro')));

const ITEMS = [
  { fieldId: 'contact-name', message: 'Completați câmpul „Nume”.' },
  { fieldId: 'contact-email', message: 'Introduceți o adresă de email validă.' },
];

function FormWithSummary({ headingLevel }: { headingLevel?: 2 | 3 }) {
  return (
    <form>
      <ErrorSummary items={ITEMS} headingLevel={headingLevel} />
      <TextField id="contact-name" name="name" label="Nume" error={ITEMS[0]!.message} />
      <TextField id="contact-email" name="email" label="Email" error={ITEMS[1]!.message} />
    </form>
  );
}

describe('the error summary (GOV.UK)', () => {
  it('is a group named by its heading, with one link per error, in the order of the form', () => {
    renderWithSite(<FormWithSummary />);
    const summary = screen.getByRole('group', { name: 'Verificați formularul' });
    expect(screen.getByRole('heading', { level: 2, name: 'Verificați formularul' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Corectați următoarele câmpuri:');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ITEMS.map((item) => item.message));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#contact-name', '#contact-email']);
  });

  it('takes the focus the form gives it on a failed submit (so a screen reader reads it at once), without being a tab stop', () => {
    const ref = createRef<HTMLDivElement>();
    renderWithSite(<ErrorSummary ref={ref} items={ITEMS} />);
    expect(ref.current).toBe(screen.getByRole('group'));
    expect(ref.current).toHaveAttribute('tabindex', '-1');
    act(() => ref.current!.focus());
    expect(screen.getByRole('group')).toHaveFocus();
  });

  it('moves the focus to the field an error names, without touching the address', async () => {
    const user = userEvent.setup();
    renderWithSite(<FormWithSummary />);
    const before = window.location.href;
    await user.click(screen.getByRole('link', { name: 'Introduceți o adresă de email validă.' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(window.location.href).toBe(before);
    screen.getByRole('link', { name: 'Completați câmpul „Nume”.' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Nume' })).toHaveFocus();
  });

  it("takes the heading level that fits the page's outline", () => {
    renderWithSite(<ErrorSummary items={ITEMS} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Verificați formularul' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it("speaks the page's language", () => {
    renderWithSite(<ErrorSummary items={ITEMS} />);
    act(() => setLocale('en'));
    expect(screen.getByRole('group')).not.toHaveAccessibleName('Verificați formularul');
  });

  it('passes axe', async () => {
    const { container } = renderWithSite(<FormWithSummary />);
    await expectNoAxeViolations(container);
  });
});
