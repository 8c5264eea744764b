import { AndroidAppLink, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import { Details } from '../../components/Details';
import { DeleteAccount } from './accountData/DeleteAccount';
import { DownloadData } from './accountData/DownloadData';
import { LogoutButton } from './LogoutButton';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem;
`;

/** The account tab: the email, logging out, the Android app, and the user's rights over their data (a copy, deletion). */
export function AccountTab({ email }: { email: string | null }) {
  const { t } = useTranslation('account');
  return (
    <>
      <Details>
        <dt>{t('account.email')}</dt>
        <dd>{email ?? t('account.noEmail')}</dd>
      </Details>
      <Actions>
        <AndroidAppLink />
        <div>
          <LogoutButton />
        </div>
      </Actions>
      <DownloadData />
      <DeleteAccount email={email} />
    </>
  );
}
