const createAppConfig = require('@site/tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  title: 'mfe-marketing (local host)',
  // Its public pages are prerendered by the site's server, from the render entry it publishes.
  render: true,
  exposes: {
    './LandingPage': './src/features/landing/LandingPage.tsx',
    './ContactPage': './src/features/contact/ContactPage.tsx',
    './AboutPage': './src/features/about/AboutPage.tsx',
    './AccessibilityPage': './src/features/accessibility/AccessibilityPage.tsx',
    './PrivacyPage': './src/features/legal/PrivacyPage.tsx',
    './TermsPage': './src/features/legal/TermsPage.tsx',
    './NewsletterConfirmPage': './src/features/newsletter/NewsletterConfirmPage.tsx',
    './NewsletterUnsubscribePage': './src/features/newsletter/NewsletterUnsubscribePage.tsx',
  },
});
