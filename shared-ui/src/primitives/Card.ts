import styled from 'styled-components';

/**
 * A list of cards: one a row on a narrow screen (320 CSS px, or high zoom), two where they fit, and
 * `$wide` (3 by default) on a wide one. No card is left alone beside an empty space: a last card
 * that starts a row of its own takes the whole row.
 */
export const CardList = styled.ul<{ $wide?: 3 | 4 }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  list-style: none;
  padding: 0;
  /* A card is a cell of the grid, not a line of running text: the measure of main's list items
     is its paragraphs' (a card that takes a whole row takes all of it). */
  && > li {
    max-width: none;
  }
  @media (min-width: 36rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > li:last-child:nth-child(odd) {
      grid-column: 1 / -1;
    }
  }
  @media (min-width: 60rem) {
    grid-template-columns: repeat(${({ $wide = 3 }) => $wide}, minmax(0, 1fr));
    > li:last-child:nth-child(odd) {
      grid-column: auto;
    }
    > li:last-child:nth-child(${({ $wide = 3 }) => $wide}n + 1) {
      grid-column: 1 / -1;
    }
  }
`;

/** One card of a CardList: a list item, so a screen reader announces how many there are. */
export const Card = styled.li`
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h3 {
    margin-top: 0;
  }
  p {
    margin-bottom: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
