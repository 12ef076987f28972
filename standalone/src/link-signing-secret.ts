import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The HMAC key of download links in standalone mode: made once and kept in the data folder, so
 * links stay valid across restarts with nothing to configure.
 */
export async function loadOrCreateLinkSigningSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'link-signing.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // 'wx': if another start wrote it first, use that one.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
