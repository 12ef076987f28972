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
  // No servers; the run's temporary files still go into one folder that teardown removes.
  globalSetup: '<rootDir>/test/support/unit-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/unit-global-teardown.ts',
};
