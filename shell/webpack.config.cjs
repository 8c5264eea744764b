const path = require('node:path');
const createAppConfig = require('@site/tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Vedere',
  isHost: true,
  // The route table, for the production server (preload hints, prerendered routes).
  documents: { 'routes.json': require('./src/app/routeTable.json') },
  // The page renderer the site's server runs for prerendered routes (src/server/).
  server: {
    entry: './src/server/render.tsx',
    alias: { [path.join(__dirname, 'src', 'remotes', 'federation.ts')]: path.join(__dirname, 'src', 'server', 'serverPages.ts') },
  },
});
