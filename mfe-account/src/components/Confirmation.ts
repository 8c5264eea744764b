import styled from 'styled-components';

/**
 * The question put before an action that is not undone by itself (cancel, unlink, delete): a
 * framed group, its heading first (named by it: role="group" aria-labelledby), then its Actions.
 * `$danger` frames it in the danger colour (deleting the account).
 */
export const Confirmation = styled.div<{ $danger?: boolean }>`
  margin-block: 1.5rem;
  padding: 1.25rem;
  border: 2px solid ${({ theme, $danger }) => ($danger ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.layout.radius};
  h2,
  h3 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.type.size.h3};
  }
`;

/** A row of buttons that wraps at high zoom, each keeping its own size. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
`;
