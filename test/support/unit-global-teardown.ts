import { rm } from 'node:fs/promises';

/** Removes the unit tests' run folder. */
export default async function unitGlobalTeardown(): Promise<void> {
  const run = (globalThis as { __unitRun?: { runDirectory: string } }).__unitRun;
  if (run) await rm(run.runDirectory, { recursive: true, force: true });
}
