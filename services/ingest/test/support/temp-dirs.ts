// Temporary folders for one test file; removeAll() in afterEach leaves nothing behind, whether
// the test passed or not.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class TempDirs {
  private readonly dirs: string[] = [];

  async create(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'chatexhibit-'));
    this.dirs.push(dir);
    return dir;
  }

  async removeAll(): Promise<void> {
    const dirs = this.dirs.splice(0);
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
