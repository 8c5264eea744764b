const createAppConfig = require('@site/tools/webpack');
const { ports } = require('@site/tools/runtime-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  title: 'mfe-marketing (local host)',
  port: ports.mfe_marketing,
  exposes: {
    './LandingPage': './src/features/landing/LandingPage.tsx',
    './ContactPage': './src/features/contact/ContactPage.tsx',
    './AboutPage': './src/features/about/AboutPage.tsx',
    './AccessibilityPage': './src/features/accessibility/AccessibilityPage.tsx',
  },
});
