import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { expectNoAxeViolations } from '@site/shared-ui/testing/axe';
import { renderWithSite } from '../../testing/renderWithSite';
import { Faq } from './Faq';

beforeEach(() => act(() => setLocale('ro')));

// The accordion's own behaviour (keyboard, states, axe) is tested with it in shared-ui.
const questions = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'));

describe('the FAQ section of the landing page', () => {
  it('is a region named by its h2, with six questions, each a closed accordion header inside an h3', () => {
    renderWithSite(<Faq />);
    expect(screen.getByRole('region', { name: 'Întrebări frecvente' })).toHaveAttribute('id', 'faq');
    const buttons = questions();
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button.parentElement?.tagName).toBe('H3');
      expect(button).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('answers a question when it is opened', async () => {
    const user = userEvent.setup();
    renderWithSite(<Faq />);
    questions()[1]!.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Pe ce telefoane funcționează?' })).toHaveTextContent(/Magazin Google Play/);
  });

  it('leads to the contact page in the same tab', () => {
    renderWithSite(<Faq />);
    const link = screen.getByRole('link', { name: 'Contactați-ne' });
    expect(link).toHaveAttribute('href', '/contact');
    expect(link).not.toHaveAttribute('target');
  });

  it("answers the phones question with the iPhone app's one status, in each language", () => {
    renderWithSite(<Faq />);
    expect(screen.getByText(/Versiunea pentru iPhone va fi disponibilă în curând în App Store\./)).toBeInTheDocument();
    act(() => setLocale('en'));
    expect(screen.getByText(/The iPhone version is coming soon to the App Store\./)).toBeInTheDocument();
    expect(screen.queryByText(/is available .* for iPhone/)).not.toBeInTheDocument();
  });

  it('passes axe with every question closed, and with one open', async () => {
    const user = userEvent.setup();
    const { container } = renderWithSite(<Faq />);
    await expectNoAxeViolations(container);
    await user.click(questions()[0]!);
    await expectNoAxeViolations(container);
  });
});
