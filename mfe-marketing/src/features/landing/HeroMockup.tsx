import { useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const Stack = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    display: none;
  }
`;

const MiniCard = styled.div<{ $wide?: boolean }>`
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  padding: 1rem;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.9375rem;
  strong {
    display: block;
    font-size: 1.5rem;
  }
`;

const Swatches = styled.span`
  display: flex;
  gap: 0.5rem;
  margin-top: 0.5rem;
  &::before,
  &::after {
    content: '';
    width: 2rem;
    height: 1.25rem;
    border-radius: 0.25rem;
    border: 1px solid ${({ theme }) => theme.color.border};
  }
  &::before {
    background: #ffffff;
  }
  &::after {
    background: #0e1116;
  }
`;

/**
 * A decorative picture of the app's cards (testimonial, profile, the free plan, light and dark).
 * It repeats nothing a reader needs, so it is hidden from assistive technology and holds
 * nothing focusable; narrow screens leave it out.
 */
export function HeroMockup() {
  const { t } = useTranslation('marketing');
  return (
    <Stack aria-hidden="true" data-testid="hero-mockup">
      <MiniCard $wide>{t('landing.mockup.testimonial')}</MiniCard>
      <MiniCard>{t('landing.mockup.profile')}</MiniCard>
      <MiniCard>
        {t('landing.mockup.plan')}
        <strong>{t('landing.mockup.planPrice')}</strong>
      </MiniCard>
      <MiniCard $wide>
        {t('landing.mockup.themes')}
        <Swatches />
      </MiniCard>
    </Stack>
  );
}
