import styled from 'styled-components';

/** A list of cards that reflows from several columns down to one at 320 CSS px. */
export const CardList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
  gap: 1rem;
  list-style: none;
  padding: 0;
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
