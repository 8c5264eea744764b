import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <PageIntro title={t('about.title')} description={t('about.description')} />
    </Container>
  );
}
