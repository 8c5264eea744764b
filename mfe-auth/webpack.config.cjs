const createAppConfig = require('@site/tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_auth',
  title: 'mfe-auth (local host)',
  // Its public pages are prerendered by the site's server, from the render entry it publishes.
  render: true,
});
