import { Container, PageIntro } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <Container>
      <PageIntro title={t('login.title')} description={t('login.description')} />
    </Container>
  );
}
