// Unit tests only: no servers needed (`npm run test:unit`).
const base = require('./jest.config.js');
/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testPathIgnorePatterns: [
    ...base.testPathIgnorePatterns,
    '\\.medium\\.spec\\.ts$',
    '\\.e2e\\.spec\\.ts$',
    '<rootDir>/test/',
  ],
  globalSetup: undefined,
  globalTeardown: undefined,
};
