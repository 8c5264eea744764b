import { css } from 'styled-components';

/** The header's small controls: theme select, language and menu buttons. */
export const controlStyles = css`
  min-height: ${({ theme }) => theme.layout.minTarget};
  padding: 0.25rem 0.75rem;
  font: inherit;
  font-size: ${({ theme }) => theme.type.size.small};
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.surface};
  border: 2px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  cursor: pointer;
`;
