import { Container, PageIntro, useTranslation } from '@site/shared-ui';
import '../../i18n/register';
import { FounderCards } from '../founders/FounderCard';

export default function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <PageIntro title={t('about.title')} description={t('about.description')} />
      <section aria-labelledby="founders-title">
        <h2 id="founders-title">{t('about.foundersTitle')}</h2>
        <FounderCards headingLevel="h3" />
      </section>
    </Container>
  );
}
