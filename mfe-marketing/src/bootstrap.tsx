import { i18n, mountLocalHost } from '@site/shared-ui';
import './i18n/register';
import LandingPage from './features/landing/LandingPage';
import ContactPage from './features/contact/ContactPage';
import AboutPage from './features/about/AboutPage';
import AccessibilityPage from './features/accessibility/AccessibilityPage';
import PrivacyPage from './features/legal/PrivacyPage';
import TermsPage from './features/legal/TermsPage';
import NewsletterConfirmPage from './features/newsletter/NewsletterConfirmPage';
import NewsletterUnsubscribePage from './features/newsletter/NewsletterUnsubscribePage';

mountLocalHost([
  { path: '/', label: i18n.t('marketing:landing.title'), element: <LandingPage /> },
  { path: '/contact', label: i18n.t('marketing:contact.title'), element: <ContactPage /> },
  { path: '/aboutus', label: i18n.t('marketing:about.title'), element: <AboutPage /> },
  { path: '/accessibility', label: i18n.t('marketing:accessibility.title'), element: <AccessibilityPage /> },
  { path: '/privacy', label: i18n.t('marketing:privacy.title'), element: <PrivacyPage /> },
  { path: '/terms', label: i18n.t('marketing:terms.title'), element: <TermsPage /> },
  { path: '/newsletter-confirm', label: i18n.t('marketing:newsletterLink.confirm.title'), element: <NewsletterConfirmPage /> },
  { path: '/newsletter-unsubscribe', label: i18n.t('marketing:newsletterLink.unsubscribe.title'), element: <NewsletterUnsubscribePage /> },
]);
