import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FOLDER_MODE } from '@chatexhibit/kit/storage/private-files';

/**
 * Standalone's scratch space (upload spools, unpacked ZIPs, media conversions): a folder in the
 * data folder, emptied at every start, so a run that was killed midway leaves nothing behind
 * for long. Everything that asks os.tmpdir() gets it.
 */
export async function useFreshWorkFolder(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, 'tmp');
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  process.env.TMPDIR = folder;
  return folder;
}
