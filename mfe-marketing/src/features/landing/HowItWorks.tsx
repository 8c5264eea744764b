import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const FEATURES = ['navigation', 'obstacles', 'questions', 'voice'] as const;

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
  gap: 1rem;
  list-style: none;
  padding: 0;
`;

const Card = styled.li`
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h3 { margin-top: 0; }
  p { margin-bottom: 0; color: ${({ theme }) => theme.color.textMuted}; }
`;

/** The section the header's "features" link and the hero's secondary link lead to. */
export function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <section id="howItWorks" aria-labelledby="howItWorks-title" tabIndex={-1}>
      <h2 id="howItWorks-title">{t('landing.howItWorks.title')}</h2>
      <p>{t('landing.howItWorks.intro')}</p>
      <Cards>
        {FEATURES.map((feature) => (
          <Card key={feature}>
            <h3>{t(`landing.howItWorks.${feature}.title`)}</h3>
            <p>{t(`landing.howItWorks.${feature}.description`)}</p>
          </Card>
        ))}
      </Cards>
    </section>
  );
}
