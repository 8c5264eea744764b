import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function AccessibilityPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <PageIntro title={t('accessibility.title')} description={t('accessibility.description')} />
    </Container>
  );
}
