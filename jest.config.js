// One jest run covers unit (*.spec.ts beside the code) and medium/e2e tests (test/**) against
// real servers; test/global-setup.ts starts the ones the machine does not already run.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/proto',
    '<rootDir>/services',
    '<rootDir>/gateway',
    '<rootDir>/standalone',
    '<rootDir>/test',
  ],
  testMatch: ['**/*.spec.ts'],
  // The container tests need the images built first: `npm run test:containers`.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.containers\\.spec\\.ts$'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.spec.json' }],
    // any-ascii ships only as an ES module, which jest before Node 24.9 cannot require: made CommonJS.
    '/node_modules/any-ascii/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, isolatedModules: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!any-ascii/)'],
  moduleNameMapper: {
    '^@chatexhibit/(proto|gateway)/(.*)$': '<rootDir>/$1/src/$2',
    '^@chatexhibit/([a-z]+)/(.*)$': '<rootDir>/services/$1/src/$2',
  },
  // The tests' fetch keeps and sends cookies, as a browser does (SPEC §7: credentials on every call).
  setupFiles: ['<rootDir>/test/support/browser-cookies.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 30000,
};
