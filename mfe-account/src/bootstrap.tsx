import { i18n, mountLocalHost } from '@site/shared-ui';
import './i18n/register';
import AccountPage from './features/account/AccountPage';
import PricingPage from './features/pricing/PricingPage';
import ResetLinkedDevicePage from './features/resetLinkedDevice/ResetLinkedDevicePage';
import LocalPortalPage from './features/localPortal/LocalPortalPage';
import { LOCAL_PORTAL_PATH } from './constants';

mountLocalHost([
  { path: '/account', label: i18n.t('account:account.title'), element: <AccountPage /> },
  { path: '/pricing', label: i18n.t('account:pricing.title'), element: <PricingPage /> },
  { path: '/reset-linked-device', label: i18n.t('account:resetLinkedDevice.title'), element: <ResetLinkedDevicePage /> },
  { path: LOCAL_PORTAL_PATH, label: i18n.t('account:localPortal.title'), element: <LocalPortalPage /> },
]);
