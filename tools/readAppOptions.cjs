// What an app's webpack.config.cjs hands to the shared helper (its name, title…), read without
// building anything: the config runs with a stand-in for @site/tools/webpack that returns its
// argument. For the test that checks the site's lists agree (shared-ui's siteApps.test.ts).
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

module.exports = function readAppOptions(appDir) {
  const file = path.join(appDir, 'webpack.config.cjs');
  const requireFromApp = createRequire(file);
  const module = { exports: {} };
  const require = (id) => (id === '@site/tools/webpack' ? (app) => app : requireFromApp(id));
  new Function('module', 'exports', 'require', '__dirname', '__filename', readFileSync(file, 'utf8'))(module, module.exports, require, appDir, file);
  return module.exports;
};
