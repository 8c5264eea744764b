import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CallFailure } from '../api/callResult';

/** An outcome in words, framed in its colour once it says something (a live region stays in place while empty). */
export const StatusMessage = styled.p<{ $tone: 'success' | 'danger' }>`
  margin: 1rem 0 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => theme.color[$tone]};
  &:not(:empty) {
    padding: 0.75rem 1rem;
    border: 2px solid currentColor;
    border-radius: 0.5rem;
  }
`;

/**
 * The outcome of a submitted form, in live regions that are on the page from the start (so the
 * change is announced): success politely, failure at once.
 */
export function FormStatus({ success, failure }: { success?: string | null; failure?: CallFailure | null }) {
  const { t } = useTranslation('common');
  return (
    <>
      <StatusMessage role="status" $tone="success">{success ?? ''}</StatusMessage>
      <StatusMessage role="alert" $tone="danger">{failure ? t(`forms.failure.${failure}`) : ''}</StatusMessage>
    </>
  );
}
