import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const RUN_FOLDER_PREFIX = 'chatexhibit-test-run-';

/**
 * Every temporary file of a jest run (this process's, the workers', the servers and browsers they
 * start) goes into one folder, set as TMPDIR, that teardown removes; a run killed before its
 * teardown leaves its folder, which the next run removes. Returns the folder.
 */
export async function openRunFolder(): Promise<string> {
  await removeAbandonedRuns(os.tmpdir());
  const runDirectory = path.join(os.tmpdir(), `${RUN_FOLDER_PREFIX}${process.pid}`);
  await rm(runDirectory, { recursive: true, force: true });
  // Others may pass through, not list: as root, embedded PostgreSQL runs as its own user below it.
  await mkdir(runDirectory, { mode: 0o711 });
  process.env.TMPDIR = runDirectory;
  process.env.TEST_RUN_DIRECTORY = runDirectory;
  return runDirectory;
}

/** Removes the run folders of test runs whose process is gone (killed before their teardown). */
async function removeAbandonedRuns(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!name.startsWith(RUN_FOLDER_PREFIX)) continue;
    const pid = Number(name.slice(RUN_FOLDER_PREFIX.length));
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) {
      await rm(path.join(folder, name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
