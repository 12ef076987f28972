import { statfs } from 'node:fs/promises';
import os from 'node:os';

/**
 * Whether the volume uploads are spooled to (os.tmpdir(): standalone's is in its data folder,
 * beside its stored files) has less than `minFreeBytes` free for this process's user; 0 never.
 */
export async function isDiskLow(minFreeBytes: number): Promise<boolean> {
  if (minFreeBytes === 0) return false;
  const { bavail, bsize } = await statfs(os.tmpdir());
  return bavail * bsize < minFreeBytes;
}
