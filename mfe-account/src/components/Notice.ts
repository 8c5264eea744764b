import styled from 'styled-components';

/** Something the user should know, set apart from the text around it. */
export const Notice = styled.p`
  margin: 0 0 1.5rem;
  padding: 1rem 1.25rem;
  border-inline-start: 6px solid ${({ theme }) => theme.color.highlight};
  background: ${({ theme }) => theme.color.surface};
  border-radius: 0.25rem;
`;
