import { Container, PageIntro, useSession } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import '../../i18n/register';
import { LogoutButton } from './LogoutButton';

export default function AccountPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  return (
    <Container>
      <PageIntro title={t('account.title')} description={t('account.description')} />
      {user?.email && <p>{t('account.signedInAs', { email: user.email })}</p>}
      <LogoutButton />
    </Container>
  );
}
