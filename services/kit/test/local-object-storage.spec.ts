import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalObjectStorage } from '../src/storage/local-object-storage';
import { EntryManifestSchema } from '@chatexhibit/proto/storage-layout';
import { ObjectNotFoundError } from '../src/storage/object-storage';

describe('LocalObjectStorage', () => {
  let root: string;
  let storage: LocalObjectStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-objects-'));
    storage = new LocalObjectStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores buffers and streams and lists them by prefix', async () => {
    await storage.put('exports/a/upload.zip', Buffer.from('zip bytes'));
    await storage.put('exports/a/media/voice note.opus', Readable.from(['op', 'us']));
    await storage.put('exports/b/upload.zip', Buffer.from('other'));
    expect(await text(await storage.get('exports/a/media/voice note.opus'))).toBe('opus');
    expect(await storage.size('exports/a/upload.zip')).toBe(9);
    const keys: string[] = [];
    for await (const key of storage.list('exports/a/')) keys.push(key);
    expect(keys).toEqual(['exports/a/media/voice note.opus', 'exports/a/upload.zip']);
  });

  it('removes the folders a deletion leaves empty, up to the root and no further', async () => {
    await storage.put('exports/a/entries/chat.txt', Buffer.from('chat'));
    await storage.put('exports/a/derived/audio/1.mp3', Buffer.from('mp3'));
    await storage.put('exports/b/upload.zip', Buffer.from('other'));
    await storage.delete('exports/a/derived/audio/1.mp3');
    // `derived/audio` and `derived` were left empty; `a` still holds `entries`.
    expect(await readdir(path.join(root, 'exports', 'a'))).toEqual(['entries']);
    await storage.delete('exports/a/entries/chat.txt');
    expect(await readdir(path.join(root, 'exports'))).toEqual(['b']);
    await storage.delete('exports/b/upload.zip');
    expect(await readdir(root)).toEqual([]);
    // The root stays, though empty, and storage in it works on.
    await storage.put('exports/c/upload.zip', Buffer.from('next'));
    expect(await storage.size('exports/c/upload.zip')).toBe(4);
  });

  it('reports missing objects', async () => {
    expect(await storage.size('nothing/here')).toBeNull();
    await expect(storage.get('nothing/here')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('nothing/here')).resolves.toBeUndefined();
  });

  it.each(['../escape', 'a/../../b', '/absolute', 'a//b', 'a\\b', '', 'a/./b'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid object key');
    },
  );

  it('leaves nothing behind when a stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('exports/c/upload.zip', failing)).rejects.toThrow('connection reset');
    expect(await storage.size('exports/c/upload.zip')).toBeNull();
    expect(await readdir(path.join(root, 'exports', 'c'))).toEqual([]);
  });

  it('stores JSON documents and reads them back through their contract', async () => {
    const manifest = {
      entries: [{ path: '_chat.txt', key: 'exports/a/entries/_chat.txt', size: 3, sha256: 'a'.repeat(64) }],
    };
    await storage.putJson('exports/a/entries.json', manifest);
    expect(await storage.getJson('exports/a/entries.json', EntryManifestSchema)).toEqual(manifest);
    await storage.putJson('exports/b/entries.json', { entries: [{ path: '' }] });
    await expect(storage.getJson('exports/b/entries.json', EntryManifestSchema)).rejects.toThrow();
    await expect(storage.getJson('exports/c/entries.json', EntryManifestSchema)).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });
});
