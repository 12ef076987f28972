// `npm run test:containers` (scripts/test-containers.sh builds the images first): the images
// run with Podman against the same servers the medium and e2e tests use.
const base = require('./jest.config.js');
/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/containers'],
  testMatch: ['**/*.containers.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  reporters: ['default', ['<rootDir>/test/support/summary-reporter.js', { file: 'summary-containers.txt' }]],
  testTimeout: 120000,
};
