import type { ServerReads } from '@site/rendering/contract';
import { Container, PageHeading, Tabs, useSearchParams, useSession, useTranslation, type ServiceReadName } from '@site/shared-ui';
import { ACCOUNT_TABS, TAB_PARAM, type AccountTab as TabId } from '../../constants';
import '../../i18n/register';
import { DeviceTab } from './device/DeviceTab';
import { SubscriptionTab } from './subscription/SubscriptionTab';
import { AccountTab } from './AccountTab';

const isTab = (value: string | null): value is TabId => ACCOUNT_TABS.includes(value as TabId);
const tabOf = (value: string | null): TabId => (isTab(value) ? value : 'account');

/** What each tab reads from the user service as it opens. */
const TAB_READS: Record<TabId, ServiceReadName[]> = { account: [], subscription: ['get-subscription-info'], device: ['get-device-info'] };

/** The page's first render shows the chosen tab's read (the site's server makes it for a signed-in visitor). */
export const serverReads: ServerReads = ({ search }) => TAB_READS[tabOf(new URLSearchParams(search).get(TAB_PARAM))];

/** Whom the page greets: the name given at sign-up, else the part of the email before the @. */
export const greetingName = (user: { email: string | null; name?: string | null } | null | undefined): string | null => user?.name || user?.email?.split('@')[0] || null;

/**
 * /account: a welcome (the page's h1, at the site's h1 size: never smaller than the tabs' h2s), and
 * three tabs; the chosen tab is kept in the URL (?tab=). The email is said once, in the account tab.
 */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const email = user?.email ?? null;
  const [params, setParams] = useSearchParams();
  const selected = tabOf(params.get(TAB_PARAM));

  const select = (id: TabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, id);
        return next;
      },
      { replace: true },
    );

  const name = greetingName(user);
  return (
    <Container>
      <PageHeading title={t('account.title')}>{name ? t('account.welcome', { name }) : t('account.welcomeGeneric')}</PageHeading>
      <Tabs
        label={t('tabs.label')}
        selected={selected}
        onSelect={select}
        tabs={[
          { id: 'account', label: t('tabs.account'), panel: <AccountTab email={email} /> },
          { id: 'subscription', label: t('tabs.subscription'), panel: <SubscriptionTab email={email} /> },
          { id: 'device', label: t('tabs.device'), panel: <DeviceTab /> },
        ]}
      />
    </Container>
  );
}
