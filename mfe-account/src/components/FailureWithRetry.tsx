import { Button, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const Failure = styled.div`
  margin-bottom: 1.5rem;
  padding: 1rem 1.25rem;
  border: 2px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  p {
    margin-top: 0;
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
`;

/** Something that could not be loaded, said at once (an alert), and a button to try again. */
export function FailureWithRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Failure>
      <p role="alert">{message}</p>
      <Button type="button" onClick={onRetry}>
        {t('call.retry')}
      </Button>
    </Failure>
  );
}
