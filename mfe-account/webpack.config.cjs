const createAppConfig = require('@site/tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_account',
  title: 'mfe-account (local host)',
  // Its pages are drawn by the site's server for a signed-in visitor, from the render entry it publishes.
  render: true,
});
