import styled from 'styled-components';

/** Label and value pairs (a description list), side by side where there is room. */
export const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.75rem 1.5rem;
  margin: 0 0 1.5rem;
  dt { font-weight: 700; }
  dd { margin: 0; }
  @media (max-width: 30rem) {
    grid-template-columns: 1fr;
    dd { margin-bottom: 0.5rem; }
  }
`;

/** Something the user should know, set apart from the text around it. */
export const Notice = styled.p`
  margin: 0 0 1.5rem;
  padding: 1rem 1.25rem;
  border-inline-start: 6px solid ${({ theme }) => theme.color.highlight};
  background: ${({ theme }) => theme.color.surface};
  border-radius: 0.25rem;
`;
