import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function ContactPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <PageIntro title={t('contact.title')} description={t('contact.description')} />
    </Container>
  );
}
