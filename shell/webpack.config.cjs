const createAppConfig = require('@site/tools/webpack');
const { ports } = require('@site/tools/runtime-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Vedere',
  port: ports.shell,
  isHost: true,
});
