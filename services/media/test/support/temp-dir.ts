import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh directory under the OS temp dir; the caller removes it. */
export function makeTempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'chatexhibit-media-'));
}
