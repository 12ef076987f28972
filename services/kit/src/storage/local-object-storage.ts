import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, ObjectNotFoundError, ObjectStorage } from './object-storage';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files';

/**
 * Standalone mode's storage: a folder. Writes land whole or not at all (temp file + rename); files
 * are 0600 and folders 0700, whatever the process's umask.
 */
export class LocalObjectStorage extends ObjectStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    // Absolute and normalised: `delete` climbs the folders of a key up to exactly this one.
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }),
      );
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    if ((await this.size(key)) === null) throw new ObjectNotFoundError(key);
    return createReadStream(file);
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Removes the object, then each folder it leaves empty up to the root (not the root): a
   * folder is named by what it holds (an export's id), so none stays behind once its files are gone.
   */
  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    for (let folder = path.dirname(file); folder !== this.root; folder = path.dirname(folder)) {
      try {
        await rmdir(folder);
      } catch (error) {
        // Not empty (or gone already, or written into meanwhile): the folders above stay too.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT') return;
        throw error;
      }
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    const walk = async function* (directory: string, keyPrefix: string): AsyncIterable<string> {
      let entries;
      try {
        entries = await readdir(directory, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.name.endsWith('.partial')) continue;
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) yield* walk(path.join(directory, entry.name), `${key}/`);
        else if (entry.isFile()) yield key;
      }
    };
    for await (const key of walk(this.root, '')) if (key.startsWith(prefix)) yield key;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await access(this.root, constants.W_OK);
  }
}
