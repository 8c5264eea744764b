import { screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../testing/axe';
import { renderWithSite } from '../testing/renderWithSite';
import { Card, CardList } from './Card';

describe('a list of cards', () => {
  it('is a list of list items, so a screen reader says how many cards there are', async () => {
    const { container } = renderWithSite(
      <CardList aria-label="Plans">
        <Card>
          <h3>Monthly</h3>
          <p>Billed each month.</p>
        </Card>
        <Card>
          <h3>Yearly</h3>
          <p>Billed once a year.</p>
        </Card>
      </CardList>,
    );
    const list = screen.getByRole('list', { name: 'Plans' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('heading', { level: 3, name: 'Yearly' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
