import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Status = styled.p`
  padding-block: 2rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** Announced politely to screen readers while content loads. */
export function LoadingStatus({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return <Status role="status">{label ?? t('loading')}</Status>;
}
