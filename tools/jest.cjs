// Jest project preset: each package's jest.config.cjs calls this with its folder.
const path = require('node:path');
const swcOptions = require('./swc.cjs');

module.exports = function jestProject(dir, { environment = 'jsdom' } = {}) {
  const name = path.basename(dir);
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions({ test: true })] },
    // Packages that ship only ES modules are compiled for jest like our own code.
    transformIgnorePatterns: ['/node_modules/\\.pnpm/(?!(jose|hono-rate-limiter)@)'],
    moduleNameMapper: {
      '\\.(png|jpe?g|webp|avif|svg|css)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest-dom-setup.cjs')] : [],
  };
};
