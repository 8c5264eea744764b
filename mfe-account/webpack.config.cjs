const createAppConfig = require('@site/tools/webpack');
const { ports } = require('@site/tools/runtime-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_account',
  title: 'mfe-account (local host)',
  port: ports.mfe_account,
  exposes: {
    './AccountPage': './src/features/account/AccountPage.tsx',
    './PricingPage': './src/features/pricing/PricingPage.tsx',
    './ResetLinkedDevicePage': './src/features/resetLinkedDevice/ResetLinkedDevicePage.tsx',
  },
});
