import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '@chatexhibit/kit/storage/private-files';

/**
 * The data folder holds evidence, documents, mails with live links and keys: only the app's user
 * may read it. Everything made from now on is private (umask 077) and what an earlier version
 * left readable to others is made private at start. The embedded PostgreSQL's own folder is left
 * to PostgreSQL, which keeps it 0700 itself. When PostgreSQL runs as a user of its own (as root),
 * that user must pass through the data folder to reach it: the data folder is then 0711, which
 * lets it pass but list nothing, and every file and folder inside stays private.
 */
export async function makeDataFolderPrivate(
  dataDir: string,
  options: { reachableByPostgresUser: boolean },
): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dataDir, options.reachableByPostgresUser ? 0o711 : PRIVATE_FOLDER_MODE);
  const postgresFolder = path.join(dataDir, 'postgres');
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entryPath === postgresFolder) continue;
        await chmod(entryPath, PRIVATE_FOLDER_MODE);
        await walk(entryPath);
      } else if (entry.isFile()) await chmod(entryPath, PRIVATE_FILE_MODE);
    }
  };
  await walk(dataDir);
}
