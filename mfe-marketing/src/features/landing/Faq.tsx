import { Accordion, ButtonLink, FULL_PLAN_PRICE_LEI, plainFigures, Section, TRIAL_DAYS, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const QUESTIONS = ['what', 'phones', 'price', 'eligibility', 'camera', 'help'] as const;
/** The plans' figures the answers name (the price question's); the iPhone app's status is the one the whole site says. */
const PLAN_FIGURES = { days: TRIAL_DAYS, price: FULL_PLAN_PRICE_LEI };

/** An answer: the price one names has a plain zero. */
const Answer = styled.p`
  ${plainFigures}
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 2rem;
  align-items: start;
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const SupportCard = styled.aside`
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h3 {
    margin-top: 0;
  }
`;

export function Faq() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="faq" title={t('landing.faq.title')}>
      <Layout>
        <Accordion
          items={QUESTIONS.map((key) => ({
            id: key,
            title: t(`landing.faq.items.${key}.question`),
            content: <Answer>{t(`landing.faq.items.${key}.answer`, { ...PLAN_FIGURES, iphone: t('app.iphone', { ns: 'common' }) })}</Answer>,
          }))}
        />
        <SupportCard aria-labelledby="faq-support-title">
          <h3 id="faq-support-title">{t('landing.faq.support.title')}</h3>
          <p>{t('landing.faq.support.text')}</p>
          <ButtonLink to="/contact">{t('landing.faq.support.button')}</ButtonLink>
        </SupportCard>
      </Layout>
    </Section>
  );
}
