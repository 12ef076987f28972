// One lint setup for the whole repo. Import boundaries keep the architecture honest:
// proto depends on nothing of ours; kit only on proto; a service only on proto and kit (never
// on another service: they talk over the bus); the gateway likewise; the SPA only on proto.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');

const SERVICES = ['ingest', 'parse', 'media', 'pdf', 'payment', 'notification'];
const BOUNDARY = 'crosses an architecture boundary (see eslint.config.js)';
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((group) => (Array.isArray(group) ? { group, message: BOUNDARY } : group)) },
  ],
});
const SERVICE_IMPORTS = ['@chatexhibit/*', '!@chatexhibit/proto', '!@chatexhibit/kit'];
// TypeORM lives in repositories: use cases hold an opaque Transaction and domain code no database.
const ONLY_IN_REPOSITORIES = {
  group: ['typeorm', '@chatexhibit/kit/database/service-database'],
  message: 'TypeORM stays in repositories: a use case takes a UnitOfWork and passes its Transaction on',
};
const MANAGER_ONLY_IN_REPOSITORIES = {
  group: ['@chatexhibit/kit/database/unit-of-work'],
  importNames: ['managerOf'],
  message: 'only a repository opens a Transaction up',
};

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // Type-aware rules that catch the unhandled rejection which kills a worker, and a switch that
  // forgets a case. They need the type checker: the server code and tests through
  // tsconfig.spec.json, the SPA through its own tsconfig.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.spec.json', './frontend/tsconfig.json'],
        tsconfigRootDir: __dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  { files: ['proto/src/**'], rules: forbid(['@chatexhibit/*', '@nestjs/*', 'typeorm', 'nats']) },
  { files: ['services/kit/src/**'], rules: forbid(['@chatexhibit/*', '!@chatexhibit/proto']) },
  ...SERVICES.map((service) => ({
    files: [`services/${service}/src/**`],
    rules: forbid(SERVICE_IMPORTS),
  })),
  {
    // Everything of a service but its repositories, entities and migrations (the kit holds the rest).
    files: SERVICES.map((service) => `services/${service}/src/**`),
    ignores: ['**/*.repository.ts', '**/*.entity.ts', '**/*.entities.ts', '**/database/**'],
    rules: forbid(SERVICE_IMPORTS, ONLY_IN_REPOSITORIES, MANAGER_ONLY_IN_REPOSITORIES),
  },
  {
    files: ['gateway/src/**'],
    rules: forbid(SERVICE_IMPORTS),
  },
  // The SPA's React code: the rules of hooks and the React Compiler's checks.
  { files: ['frontend/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['frontend/src/**'],
    rules: forbid(['@chatexhibit/*', '!@chatexhibit/proto', '@nestjs/*', 'typeorm', 'nats']),
  },
);
