import { useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const Badge = styled.span<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0.125rem 0.75rem;
  border: 2px solid currentColor;
  border-radius: 999px;
  font-weight: 700;
  color: ${({ theme, $active }) => ($active ? theme.color.success : theme.color.danger)};
`;

/** Active or Expired, in words (the colour and the mark only repeat it). */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Badge $active={active}>
      <span aria-hidden="true">{active ? '✓' : '✕'}</span>
      {t(active ? 'subscription.active' : 'subscription.expired')}
    </Badge>
  );
}
