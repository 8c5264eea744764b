const createAppConfig = require('@site/tools/webpack');
const { ports } = require('@site/tools/runtime-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_auth',
  title: 'mfe-auth (local host)',
  port: ports.mfe_auth,
  exposes: {
    './LoginPage': './src/features/login/LoginPage.tsx',
  },
});
