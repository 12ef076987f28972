/**
 * Runs every clean-up step, also after one has failed, then reports the first failure: what
 * a test started is removed even when removing something else did not work.
 */
export async function cleanUpAll(...steps: (() => unknown)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
