import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../.test-artifacts');

/**
 * Records "N passed, N failed" over the SPA's tests in .test-artifacts/summary-spa.txt, as
 * test/support/summary-reporter.js does for jest's; scripts/test.sh adds the two up. A file or
 * suite that could not run (a failing import, a failing hook) counts as one failure.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const suite of [testModule, ...testModule.children.allSuites()])
        if (suite.errors().length > 0) failed += 1;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'summary-spa.txt'), `${line}\n`);
  }
}
