const createAppConfig = require('@site/tools/webpack');
const { ports } = require('@site/tools/runtime-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Vedere',
  port: ports.shell,
  isHost: true,
  // The route table, for the production server's preload hints (tools/site-servers.mjs).
  documents: { 'routes.json': require('./src/app/routeTable.json') },
});
