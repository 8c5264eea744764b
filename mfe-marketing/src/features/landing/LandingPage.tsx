import { buttonStyles, Container, PageHeading } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import '../../i18n/register';
import { HowItWorks } from './HowItWorks';

const Hero = styled.section`
  padding-block: 2rem 3rem;
  p { font-size: 1.25rem; max-width: 48rem; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  margin-top: 1.5rem;
`;

const CtaLink = styled(Link)<{ $variant?: 'primary' | 'secondary' }>`
  ${buttonStyles}
`;

export default function LandingPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <Hero aria-labelledby="hero-title">
        <PageHeading id="hero-title">{t('landing.title')}</PageHeading>
        <p>{t('landing.subtitle')}</p>
        <Actions>
          <CtaLink to="/login">{t('landing.primaryCta')}</CtaLink>
          <CtaLink to="/#howItWorks" $variant="secondary">
            {t('landing.secondaryCta')}
          </CtaLink>
        </Actions>
      </Hero>
      <HowItWorks />
    </Container>
  );
}
