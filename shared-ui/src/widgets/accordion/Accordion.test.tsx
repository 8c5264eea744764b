import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../../testing/axe';
import { renderWithSite } from '../../testing/renderWithSite';
import { Accordion, type AccordionItem } from './Accordion';

const ITEMS: AccordionItem[] = [
  { id: 'what', title: 'What does the app do?', content: <p>It reads the world aloud.</p> },
  {
    id: 'phones',
    title: 'Which phones does it run on?',
    content: (
      <p>
        Android and iPhone. <a href="/contact">Ask us</a>
      </p>
    ),
  },
  { id: 'price', title: 'How much does it cost?', content: <p>Fourteen days free.</p> },
];

const headers = () => screen.getAllByRole('button');
const header = (name: string) => screen.getByRole('button', { name });
const expanded = () =>
  headers()
    .filter((b) => b.getAttribute('aria-expanded') === 'true')
    .map((b) => b.textContent);

describe('the accordion (WAI-ARIA APG)', () => {
  it('makes each header a button inside an h3, named by its title alone, that controls its closed panel', () => {
    renderWithSite(<Accordion items={ITEMS} />);
    expect(headers()).toHaveLength(3);
    for (const [index, button] of headers().entries()) {
      expect(button).toHaveAccessibleName(ITEMS[index]!.title);
      expect(button.parentElement?.tagName).toBe('H3');
      expect(screen.getByRole('heading', { level: 3, name: ITEMS[index]!.title })).toContainElement(button);
      expect(button).toHaveAttribute('type', 'button');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!);
      expect(panel).not.toBeVisible();
      expect(panel).toHaveAttribute('role', 'region');
      expect(panel).toHaveAttribute('aria-labelledby', button.id);
    }
    // A closed panel is hidden from screen readers too.
    expect(screen.queryAllByRole('region')).toEqual([]);
  });

  it('opens a panel with Enter, as a region named by its header, and closes it with Enter again', async () => {
    const user = userEvent.setup();
    renderWithSite(<Accordion items={ITEMS} />);
    header('What does the app do?').focus();
    await user.keyboard('{Enter}');
    expect(expanded()).toEqual(['What does the app do?']);
    const region = screen.getByRole('region', { name: 'What does the app do?' });
    expect(region).toBeVisible();
    expect(region).toHaveTextContent('It reads the world aloud.');
    expect(region.id).toBe(header('What does the app do?').getAttribute('aria-controls'));
    // Focus stays on the header that was pressed.
    expect(header('What does the app do?')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(expanded()).toEqual([]);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('toggles with Space and with a click too', async () => {
    const user = userEvent.setup();
    renderWithSite(<Accordion items={ITEMS} />);
    header('How much does it cost?').focus();
    await user.keyboard(' ');
    expect(expanded()).toEqual(['How much does it cost?']);
    await user.keyboard(' ');
    expect(expanded()).toEqual([]);
    await user.click(header('Which phones does it run on?'));
    expect(expanded()).toEqual(['Which phones does it run on?']);
    await user.click(header('Which phones does it run on?'));
    expect(expanded()).toEqual([]);
  });

  it('keeps only one panel open: opening another closes the one that was open', async () => {
    const user = userEvent.setup();
    renderWithSite(<Accordion items={ITEMS} />);
    await user.click(header('What does the app do?'));
    await user.click(header('How much does it cost?'));
    expect(expanded()).toEqual(['How much does it cost?']);
    expect(screen.getByRole('region', { name: 'How much does it cost?' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'What does the app do?' })).not.toBeInTheDocument();
  });

  it('moves between headers with ArrowDown and ArrowUp (wrapping), Home and End, without opening any', async () => {
    const user = userEvent.setup();
    renderWithSite(<Accordion items={ITEMS} />);
    const [first, second, last] = headers();
    first!.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(last).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(second).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(last).toHaveFocus();
    // Left and right are not this widget's (they stay the page's).
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    expect(last).toHaveFocus();
    expect(expanded()).toEqual([]);
  });

  it("keeps every header in the tab order, and the open panel's content after its header", async () => {
    const user = userEvent.setup();
    renderWithSite(<Accordion items={ITEMS} />);
    await user.click(header('Which phones does it run on?'));
    header('What does the app do?').focus();
    await user.tab();
    expect(header('Which phones does it run on?')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Ask us' })).toHaveFocus();
    await user.tab();
    expect(header('How much does it cost?')).toHaveFocus();
  });

  it('passes axe with every panel closed', async () => {
    const { container } = renderWithSite(<Accordion items={ITEMS} />);
    await expectNoAxeViolations(container);
  });

  it.each(ITEMS.map((item) => item.title))('passes axe with "%s" open', async (title) => {
    const user = userEvent.setup();
    const { container } = renderWithSite(<Accordion items={ITEMS} />);
    await user.click(header(title));
    await expectNoAxeViolations(container);
  });
});
