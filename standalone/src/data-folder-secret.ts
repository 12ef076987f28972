import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '@chatexhibit/kit/storage/private-files';

/** The secrets standalone mode makes for itself, by their file in the data folder. */
export const DATA_FOLDER_SECRETS = {
  /** HMAC key of download links. */
  linkSigning: 'link-signing.key',
  /** Bearer token of support's routes, which `npm run support` reads from here. */
  support: 'support.key',
  /** Password of the embedded PostgreSQL's superuser. */
  postgres: 'postgres.password',
} as const;

/**
 * A secret of standalone mode: made once and kept in the data folder (readable by its owner
 * only), so links stay valid and the support CLI finds its token across restarts, with nothing
 * to configure.
 */
export async function loadOrCreateSecret(
  dataDir: string,
  name: keyof typeof DATA_FOLDER_SECRETS,
): Promise<string> {
  const file = path.join(dataDir, DATA_FOLDER_SECRETS[name]);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // 'wx': if another start wrote it first, use that one.
  await writeFile(file, randomBytes(32).toString('hex'), { mode: PRIVATE_FILE_MODE, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return (await readFile(file, 'utf8')).trim();
}
