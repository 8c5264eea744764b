const base = require('../tools/jest.cjs')(__dirname, { environment: 'node' });

module.exports = {
  ...base,
  globalSetup: '<rootDir>/jest.globalSetup.mjs',
  globalTeardown: '<rootDir>/jest.globalTeardown.mjs',
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/testing/jestSetup.ts'],
};
