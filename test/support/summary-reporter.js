// Records "N passed, N failed" over every test of the run; scripts/test.sh prints it last.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  /** `file`: where in .test-artifacts the line goes (the container tests keep their own). */
  constructor(_globalConfig, options = {}) {
    this.file = options.file ?? 'summary.txt';
  }

  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    const directory = path.join(__dirname, '..', '..', '.test-artifacts');
    fs.mkdirSync(directory, { recursive: true });
    fs.writeFileSync(path.join(directory, this.file), `${line}\n`);
  }
}
module.exports = SummaryReporter;
