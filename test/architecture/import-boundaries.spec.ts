import path from 'node:path';
import { ESLint, Linter } from 'eslint';

/**
 * The import boundaries of eslint.config.js, as they apply to real paths: the rule configured for
 * a file is run over a snippet, so a boundary that stops applying (a glob that no longer matches,
 * a later block that overrides it) fails here.
 */
const ROOT = path.resolve(__dirname, '../..');
const CONFIG = require(path.join(ROOT, 'eslint.config.js')) as Linter.Config[];

async function importErrors(file: string, source: string): Promise<string[]> {
  // Given as a value: jest cannot run the dynamic import ESLint loads its config file with.
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: CONFIG });
  const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as {
    rules: Linter.RulesRecord;
  };
  const rule = config.rules['no-restricted-imports']!;
  return new Linter()
    .verify(source, {
      languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
      rules: { 'no-restricted-imports': rule },
    })
    .map((message) => message.message);
}

const USE_CASE = 'services/payment/src/retention/use-cases/retain-export/retain-export.use-case.ts';
const REPOSITORY = 'services/payment/src/bundles/bundle.repository.ts';

describe('import boundaries', () => {
  it('keeps TypeORM and the opening of a transaction out of use cases', async () => {
    expect(await importErrors(USE_CASE, "import { DataSource } from 'typeorm';")).toEqual([
      expect.stringContaining('TypeORM stays in repositories'),
    ]);
    expect(
      await importErrors(USE_CASE, "import { managerOf } from '@chatexhibit/kit/database/unit-of-work';"),
    ).toEqual([expect.stringContaining('only a repository opens a Transaction up')]);
    expect(
      await importErrors(USE_CASE, "import { UnitOfWork } from '@chatexhibit/kit/database/unit-of-work';"),
    ).toEqual([]);
  });

  it('keeps TypeORM out of domain code and every other part of a service but its repositories', async () => {
    for (const file of [
      'services/pdf/src/domain/export-counts.ts',
      'services/payment/src/bundles/checkout-session-sync.ts',
      'services/payment/src/payment.module.ts',
    ])
      expect(await importErrors(file, "import { In } from 'typeorm';")).toHaveLength(1);
    for (const file of [
      'services/payment/src/bundles/bundle.entities.ts',
      'services/parse/src/database/migrations/1763700100000-create-chats.ts',
    ])
      expect(await importErrors(file, "import { In } from 'typeorm';")).toEqual([]);
  });

  it('lets repositories use TypeORM', async () => {
    expect(
      await importErrors(
        REPOSITORY,
        "import { In } from 'typeorm';\nimport { managerOf } from '@chatexhibit/kit/database/unit-of-work';",
      ),
    ).toEqual([]);
  });

  it('keeps a service off another service, in use cases too', async () => {
    for (const file of [USE_CASE, REPOSITORY])
      expect(await importErrors(file, "import { x } from '@chatexhibit/parse/domain/parse-chat';")).toEqual([
        expect.stringContaining('crosses an architecture boundary'),
      ]);
  });
});
