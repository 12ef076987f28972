import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ObjectNotFoundError } from '@chatexhibit/kit/storage/object-storage';
import { S3ObjectStorage } from '@chatexhibit/kit/storage/s3-object-storage';
import { testServers, uniqueName } from '../support/servers';

describe('S3ObjectStorage against an S3 server (s3rver)', () => {
  const bucket = uniqueName('bucket').toLowerCase().replace(/_/g, '-');
  const storage = () => new S3ObjectStorage({ ...testServers().s3, bucket });

  it('creates its bucket, then stores, lists, reads and deletes objects', async () => {
    const s3 = storage();
    await expect(s3.check()).rejects.toThrow(`bucket ${bucket} is missing`);
    await s3.ensureBucket();
    await s3.ensureBucket();
    await s3.check();

    await s3.put('exports/1/upload.zip', Buffer.from('PK original bytes'), {
      contentType: 'application/zip',
    });
    await s3.put(
      'exports/1/media/PTT-20230607-WA0014.opus',
      Readable.from([Buffer.from('opus '), Buffer.from('data')]),
    );
    expect(await s3.size('exports/1/upload.zip')).toBe(17);
    expect(await text(await s3.get('exports/1/media/PTT-20230607-WA0014.opus'))).toBe('opus data');

    const keys: string[] = [];
    for await (const key of s3.list('exports/1/')) keys.push(key);
    expect(keys.sort()).toEqual(['exports/1/media/PTT-20230607-WA0014.opus', 'exports/1/upload.zip']);

    await s3.delete('exports/1/upload.zip');
    expect(await s3.size('exports/1/upload.zip')).toBeNull();
    await expect(s3.get('exports/1/upload.zip')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(s3.put('../outside', Buffer.from('x'))).rejects.toThrow('invalid object key');
  });

  it('writes a large stream without holding it in memory, bit for bit', async () => {
    const s3 = storage();
    await s3.ensureBucket();
    const chunk = randomBytes(1024 * 1024);
    const chunks = 64;
    const expected = createHash('sha256');
    for (let i = 0; i < chunks; i++) expected.update(chunk);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i++) {
          peak = Math.max(peak, process.memoryUsage().rss);
          // A fresh buffer each time, as from a socket: a writer that gathers them grows by each.
          yield Buffer.from(chunk);
        }
      })(),
    );
    await s3.put('exports/2/big.bin', source);
    peak = Math.max(peak, process.memoryUsage().rss);
    // Gathering the 64 MB in memory grows RSS by well over 64 MB (149 MB measured); streaming it
    // leaves only chunks that wait for the garbage collector (up to ~40 MB seen).
    expect(peak - before).toBeLessThan(56 * 1024 * 1024);
    expect(await s3.size('exports/2/big.bin')).toBe(chunks * chunk.length);
    const stored = createHash('sha256');
    for await (const part of await s3.get('exports/2/big.bin')) stored.update(part as Buffer);
    expect(stored.digest('hex')).toBe(expected.digest('hex'));
    await s3.delete('exports/2/big.bin');
  });

  it('stores nothing when the stream fails midway, and leaves no spool file', async () => {
    const s3 = storage();
    await s3.ensureBucket();
    const spools = async () =>
      (await readdir(os.tmpdir())).filter((n) => n.startsWith('chatexhibit-s3-put-'));
    const spoolsBefore = await spools();
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(s3.put('exports/3/upload.zip', failing)).rejects.toThrow('connection reset');
    expect(await s3.size('exports/3/upload.zip')).toBeNull();
    expect(await spools()).toEqual(spoolsBefore);
  });

  it('fails a call to an endpoint that accepts and never answers, instead of hanging', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const s3 = new S3ObjectStorage(
        { ...testServers().s3, endpoint: `http://127.0.0.1:${port}`, bucket },
        { requestTimeoutMs: 300 },
      );
      const started = Date.now();
      await expect(s3.size('exports/1/upload.zip')).rejects.toThrow('S3 endpoint sent nothing for 300 ms');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
