const createAppConfig = require('@site/tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_account',
  title: 'mfe-account (local host)',
  exposes: {
    './AccountPage': './src/features/account/AccountPage.tsx',
    './PricingPage': './src/features/pricing/PricingPage.tsx',
    './ResetLinkedDevicePage': './src/features/resetLinkedDevice/ResetLinkedDevicePage.tsx',
    './LocalPortalPage': './src/features/localPortal/LocalPortalPage.tsx',
  },
});
