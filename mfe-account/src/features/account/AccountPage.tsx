import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function AccountPage() {
  const { t } = useTranslation('account');
  return (
    <Container>
      <PageIntro title={t('account.title')} description={t('account.description')} />
    </Container>
  );
}
