const base = require('../tools/jest.cjs')(__dirname, { environment: 'node' });

// Embedded PGlite compiles its WebAssembly once per test file (about 6 s here).
module.exports = { ...base, setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/jest.setup.cjs'] };
