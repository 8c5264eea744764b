import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function ResetLinkedDevicePage() {
  const { t } = useTranslation('account');
  return (
    <Container>
      <PageIntro title={t('resetLinkedDevice.title')} description={t('resetLinkedDevice.description')} />
    </Container>
  );
}
