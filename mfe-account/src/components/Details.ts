import styled from 'styled-components';

/** Label and value pairs (a description list), side by side where there is room. */
export const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.75rem 1.5rem;
  margin: 0 0 1.5rem;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
  @media (max-width: 30rem) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 0.5rem;
    }
  }
`;
