import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function PricingPage() {
  const { t } = useTranslation('account');
  return (
    <Container>
      <PageIntro title={t('pricing.title')} description={t('pricing.description')} />
    </Container>
  );
}
