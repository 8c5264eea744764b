// The build configuration's own tests (webpack/*.test.ts), in Node.
module.exports = { ...require('./jest.cjs')(__dirname, { environment: 'node' }), testMatch: ['<rootDir>/webpack/**/*.test.ts'] };
