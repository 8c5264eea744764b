import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@site/shared-ui';
import { renderWithSite } from '../../testing/renderWithSite';
import { Faq } from './Faq';

beforeEach(() => act(() => setLocale('ro')));

const questions = () => screen.getAllByRole('button', { expanded: undefined }).filter((b) => b.hasAttribute('aria-expanded'));
const expanded = () => questions().filter((b) => b.getAttribute('aria-expanded') === 'true').map((b) => b.textContent);

describe('FAQ accordion (WAI-ARIA APG)', () => {
  it('shows six questions, each a button inside a heading that controls its hidden panel', () => {
    renderWithSite(<Faq />);
    const buttons = questions();
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button.parentElement?.tagName).toBe('H3');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!);
      expect(panel).not.toBeVisible();
      expect(panel).toHaveAttribute('role', 'region');
      expect(panel).toHaveAttribute('aria-labelledby', button.id);
    }
  });

  it('opens a panel with Enter and Space, and keeps only one open at a time', async () => {
    const user = userEvent.setup();
    renderWithSite(<Faq />);
    const [first, second] = questions();
    first!.focus();
    await user.keyboard('{Enter}');
    expect(expanded()).toEqual(['Ce face aplicația?']);
    expect(screen.getByRole('region', { name: 'Ce face aplicația?' })).toBeVisible();

    second!.focus();
    await user.keyboard(' ');
    expect(expanded()).toEqual(['Pe ce telefoane funcționează?']);
    expect(screen.getByText(/Magazin Google Play/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ce face aplicația?' })).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(expanded()).toEqual([]);
  });

  it('moves between headers with the arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    renderWithSite(<Faq />);
    const buttons = questions();
    buttons[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(buttons[5]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[5]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
    // Moving does not open anything.
    expect(expanded()).toEqual([]);
  });

  it('says that the support button opens the contact page in a new tab', () => {
    renderWithSite(<Faq />);
    const link = screen.getByRole('link', { name: 'Contactați-ne (se deschide într-o filă nouă)' });
    expect(link).toHaveAttribute('href', '/contact');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('answers the phones question as each language says it', () => {
    act(() => setLocale('en'));
    renderWithSite(<Faq />);
    expect(screen.getByText(/for iPhone on the App Store/)).toBeInTheDocument();
  });
});
