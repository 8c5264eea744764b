module.exports = require('../tools/jest.cjs')(__dirname);
