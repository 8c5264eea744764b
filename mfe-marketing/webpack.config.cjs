const createAppConfig = require('@site/tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  title: 'mfe-marketing (local host)',
  // Its public pages are prerendered by the site's server, from the render entry it publishes.
  render: true,
});
