// The build and test configuration's own tests (webpack/*.test.ts, *.test.ts), in Node.
module.exports = { ...require('./jest.cjs')(__dirname, { environment: 'node' }), testMatch: ['<rootDir>/webpack/**/*.test.ts', '<rootDir>/*.test.ts'] };
