import { ButtonLink, Section, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
`;

export function CallToAction() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="callToAction" title={t('landing.cta.title')} intro={t('landing.cta.text')}>
      <Actions>
        <ButtonLink to="/contact">{t('landing.cta.demo')}</ButtonLink>
        <ButtonLink to="/#howItWorks" $variant="secondary">
          {t('landing.cta.features')}
        </ButtonLink>
      </Actions>
    </Section>
  );
}
