import { i18n, mountLocalHost } from '@site/shared-ui';
import './i18n/register';
import LoginPage from './features/login/LoginPage';

mountLocalHost([{ path: '/login', label: i18n.t('auth:login.title'), element: <LoginPage /> }]);
