// Ordinary exports come out whole: every file, in ZIP order, with its real size and SHA-256, its
// bytes streamed to the writer rather than held in memory.

import { createHash, randomBytes } from 'node:crypto';
import fs, { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import type { Entry } from 'yauzl';
import yazl from 'yazl';
import type { ZipEntryFacts } from '@chatexhibit/proto/storage-layout';
import { type ExtractedArchive, extractZip } from '../src/domain/extract-zip';
import { dosDateTime, zipEntryFacts } from '../src/domain/zip-entry-facts';
import { type ZipFileSpec, yazlZip } from './support/hostile-zips';
import { rawZip } from './support/raw-zip';
import { TempDirs } from './support/temp-dirs';

const temp = new TempDirs();
afterEach(() => temp.removeAll());

/** Resolves once `value()` has stayed the same over five checks 20 ms apart. */
async function untilUnchanged(value: () => number): Promise<void> {
  for (let last = value(), same = 0; same < 5;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    same = value() === last ? same + 1 : 0;
    last = value();
  }
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * What extractZip should report for these files: the files with the sizes and hashes of the
 * input, the folders listed apart, each with its place in the ZIP.
 */
function expectedEntries(files: readonly ZipFileSpec[]): ExtractedArchive {
  const at = (order: number) => expect.objectContaining({ order }) as ZipEntryFacts;
  return {
    files: files.flatMap((file, order) =>
      file.path.endsWith('/')
        ? []
        : [
            {
              path: file.path,
              size: Buffer.byteLength(file.data),
              sha256: sha256(file.data),
              zip: at(order),
            },
          ],
    ),
    folders: files.flatMap((file, order) =>
      file.path.endsWith('/') ? [{ path: file.path.slice(0, -1), zip: at(order) }] : [],
    ),
  };
}

async function zipOnDisk(bytes: Buffer): Promise<string> {
  const zipPath = join(await temp.create(), 'upload.zip');
  await writeFile(zipPath, bytes);
  return zipPath;
}

/** A writer that reads each stream to the end and keeps the bytes, for small archives only. */
function collectingWriter() {
  const contents = new Map<string, Buffer>();
  const writeEntry = async (path: string, content: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk as Buffer);
    contents.set(path, Buffer.concat(chunks));
  };
  return { contents, writeEntry };
}

const IOS_CHAT = '[07/06/2023, 15:13:20] Sam: <attached: 00000012-PHOTO-2023-06-07-15-13-20.jpg>\n';
const ANDROID_CHAT = '07/06/2023, 15:14 - Sam: PTT-20230607-WA0014.opus (file attached)\n';

describe('extractZip extracts', () => {
  it('an iOS export to files on disk, with the sizes and SHA-256 of the originals', async () => {
    const files: ZipFileSpec[] = [
      { path: 'WhatsApp Chat - Sam/', data: '' },
      { path: 'WhatsApp Chat - Sam/_chat.txt', data: `\uFEFF${IOS_CHAT}` },
      { path: 'WhatsApp Chat - Sam/00000012-PHOTO-2023-06-07-15-13-20.jpg', data: randomBytes(300_000) },
      { path: 'WhatsApp Chat - Sam/00000013-AUDIO-2023-06-07-15-14-02.opus', data: randomBytes(40_000) },
    ];
    const zipPath = await zipOnDisk(await yazlZip(files));
    const outputDir = await temp.create();

    const extracted = await extractZip(zipPath, async (path, content) => {
      const target = join(outputDir, path);
      await mkdir(dirname(target), { recursive: true });
      await pipeline(content, createWriteStream(target));
    });

    expect(extracted).toEqual(expectedEntries(files));
    for (const file of files.filter((f) => !f.path.endsWith('/'))) {
      expect(sha256(await readFile(join(outputDir, file.path)))).toBe(sha256(file.data));
    }
  });

  it('an Android export with its media in a sub-folder, stored and deflated', async () => {
    const files: ZipFileSpec[] = [
      { path: 'Sam/WhatsApp Chat with Sam.txt', data: ANDROID_CHAT },
      { path: 'Sam/Media/PTT-20230607-WA0014.opus', data: randomBytes(25_000), compress: false },
      { path: 'Sam/Media/IMG-20230607-WA0003.jpg', data: randomBytes(120_000), compress: false },
    ];
    const zipPath = await zipOnDisk(await yazlZip(files));
    const { contents, writeEntry } = collectingWriter();

    expect(await extractZip(zipPath, writeEntry)).toEqual(expectedEntries(files));
    expect(contents.get('Sam/Media/IMG-20230607-WA0003.jpg')).toEqual(files[2].data);
  });

  it('a ZIP inside the ZIP as an ordinary file, byte for byte, without opening it', async () => {
    const inner = await yazlZip([{ path: 'inner.txt', data: 'inner' }]);
    const files: ZipFileSpec[] = [
      { path: '_chat.txt', data: IOS_CHAT },
      { path: 'backup.zip', data: inner },
    ];
    const { contents, writeEntry } = collectingWriter();

    expect(await extractZip(await zipOnDisk(await yazlZip(files)), writeEntry)).toEqual(
      expectedEntries(files),
    );
    expect(contents.get('backup.zip')).toEqual(inner);
  });

  it('macOS metadata as ordinary entries, for the caller to keep or drop', async () => {
    const files: ZipFileSpec[] = [
      { path: 'Chat/_chat.txt', data: IOS_CHAT },
      { path: '__MACOSX/', data: '' },
      { path: '__MACOSX/Chat/', data: '' },
      { path: '__MACOSX/Chat/._chat.txt', data: Buffer.from([0, 5, 22, 7, 0, 2, 0, 0]) },
      { path: 'Chat/._photo.jpg', data: Buffer.from([0, 5, 22, 7]) },
    ];

    const extracted = await extractZip(await zipOnDisk(await yazlZip(files)), collectingWriter().writeEntry);

    expect(extracted).toEqual(expectedEntries(files));
  });

  it('names: UTF-8 with or without the flag, CP437 otherwise, NFC-normalised, "\\" read as "/"', async () => {
    const zip = rawZip([
      { name: 'Chat/Caf\u00e9 \u{1F600}.txt', data: 'flagged UTF-8' },
      { name: Buffer.from('Chat/Se\u0301bastien.jpg', 'utf8'), data: 'UTF-8, no flag, decomposed' },
      {
        name: Buffer.from([0x43, 0x68, 0x61, 0x74, 0x2f, 0x81, 0x62, 0x65, 0x72, 0x2e, 0x74, 0x78, 0x74]),
        data: 'CP437',
      },
      { name: 'Chat\\Media\\IMG-20230607-WA0003.jpg', data: 'Windows separators' },
    ]);

    const extracted = await extractZip(await zipOnDisk(zip), collectingWriter().writeEntry);

    expect(extracted.files.map((entry) => entry.path)).toEqual([
      'Chat/Caf\u00e9 \u{1F600}.txt',
      'Chat/S\u00e9bastien.jpg',
      'Chat/\u00fcber.txt',
      'Chat/Media/IMG-20230607-WA0003.jpg',
    ]);
  });

  it('a ZIP64 archive', async () => {
    const files: ZipFileSpec[] = [
      { path: '_chat.txt', data: IOS_CHAT, zip64: true },
      { path: 'IMG-20230607-WA0003.jpg', data: randomBytes(10_000), zip64: true, compress: false },
    ];
    const zip = await yazlZip(files);
    expect(zip.includes(Buffer.from('PK\x06\x06', 'latin1'))).toBe(true);

    expect(await extractZip(await zipOnDisk(zip), collectingWriter().writeEntry)).toEqual(
      expectedEntries(files),
    );
  });

  it("WhatsApp's longest chat text (40,000 messages, 4 MB) alone and beside media, deflated", async () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const chat = Array.from({ length: 40_000 }, (_, i) => {
      const stamp = `[07/06/2023, ${two(8 + (Math.floor(i / 3600) % 12))}:${two(Math.floor(i / 60) % 60)}:${two(i % 60)}]`;
      const sender = i % 2 ? 'Omar Haddad' : 'Hannah Schmidt';
      return `${stamp} ${sender}: message ${i} about the deposit and the keys to the flat, see you at ${i % 24}:00\n`;
    }).join('');
    expect(chat.length).toBeGreaterThan(4_000_000);
    const textOnly: ZipFileSpec[] = [{ path: '_chat.txt', data: chat }];
    // Media is compressed already: random bytes stand for it, deflated as WhatsApp does.
    const withMedia: ZipFileSpec[] = [
      ...textOnly,
      ...Array.from({ length: 20 }, (_, i) => ({
        path: `0000${i}-PHOTO-2023-06-07-15-13-20.jpg`,
        data: randomBytes(200_000),
      })),
    ];

    // The text alone deflates to under half its size: the factor alone would refuse it.
    expect((await yazlZip(textOnly)).length * 2).toBeLessThan(Buffer.byteLength(chat));

    for (const files of [textOnly, withMedia]) {
      const zip = await yazlZip(files);
      expect(await extractZip(await zipOnDisk(zip), collectingWriter().writeEntry)).toEqual(
        expectedEntries(files),
      );
    }
  });

  it('small files compressed far beyond the ratio, since only large ones are checked', async () => {
    const files: ZipFileSpec[] = [{ path: 'zeros.txt', data: Buffer.alloc(1024 ** 2) }];

    expect(await extractZip(await zipOnDisk(await yazlZip(files)), collectingWriter().writeEntry)).toEqual(
      expectedEntries(files),
    );
  });

  it('a 200 MB entry as a stream, never reading far ahead of a slow writer', async () => {
    const size = 200 * 1024 ** 2;
    // Random bytes, stored: each byte the writer gets is one byte read from the archive.
    const chunk = randomBytes(1024 ** 2);
    const zipPath = join(await temp.create(), 'big.zip');
    const zip = new yazl.ZipFile();
    const chunks = Array.from({ length: size / chunk.length }, () => chunk);
    zip.addReadStream(Readable.from(chunks), 'video.mp4', { compress: false });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(zipPath));
    const expectedHash = createHash('sha256');
    for (const part of chunks) expectedHash.update(part);

    // What is held is what has been read from the archive but not yet taken by the writer. The
    // writer takes one chunk, then waits until reading stops: an extractor that buffered would
    // have read the whole entry by then, one that honours back-pressure stops at its streams'
    // high-water marks. (The process's RSS is no measure: it moves with the garbage collector.)
    let readFromArchive = 0;
    const read = fs.read;
    const reading = jest.spyOn(fs, 'read').mockImplementation(((...args: unknown[]) => {
      const callback = args.pop() as (error: Error | null, bytesRead: number, buffer: Buffer) => void;
      return (read as (...a: unknown[]) => void)(
        ...args,
        (error: Error | null, bytesRead: number, buffer: Buffer) => {
          readFromArchive += bytesRead;
          callback(error, bytesRead, buffer);
        },
      );
    }) as typeof fs.read);
    let heldWhenReadingStopped = 0;
    let received = 0;
    try {
      const extracted = await extractZip(zipPath, async (_path, content) => {
        for await (const part of content) {
          received += (part as Buffer).length;
          if (received === (part as Buffer).length) {
            await untilUnchanged(() => readFromArchive);
            heldWhenReadingStopped = readFromArchive - received;
          }
        }
      });

      expect(received).toBe(size);
      expect(extracted.files).toEqual([
        {
          path: 'video.mp4',
          size,
          sha256: expectedHash.digest('hex'),
          zip: expect.objectContaining({ order: 0 }),
        },
      ]);
      expect(heldWhenReadingStopped).toBeLessThan(4 * 1024 ** 2);
    } finally {
      reading.mockRestore();
    }
  });
});

describe('extractZip records what the central directory says of each entry', () => {
  it('times, method, CRC, sizes, order and creator system, folders included', async () => {
    // yazl writes the DOS fields from the local wall clock and the UTC time in a 0x5455 field.
    const mtime = new Date('2023-06-08T09:01:02Z');
    const zip = new yazl.ZipFile();
    zip.addEmptyDirectory('Chat/', { mtime });
    zip.addBuffer(Buffer.from(IOS_CHAT), 'Chat/_chat.txt', { mtime });
    zip.addBuffer(Buffer.from('photo'), 'Chat/photo.jpg', {
      mtime,
      compress: false,
      forceDosTimestamp: true,
    });
    zip.end();
    const zipPath = join(await temp.create(), 'upload.zip');
    await pipeline(zip.outputStream, createWriteStream(zipPath));
    const two = (n: number) => String(n).padStart(2, '0');
    const local = `${mtime.getFullYear()}-${two(mtime.getMonth() + 1)}-${two(mtime.getDate())}T${two(mtime.getHours())}:${two(mtime.getMinutes())}:${two(mtime.getSeconds())}`;

    const { files, folders } = await extractZip(zipPath, collectingWriter().writeEntry);

    const unix = { creatorSystem: 3, creatorVersion: 63 };
    expect(folders).toEqual([
      {
        path: 'Chat',
        zip: expect.objectContaining({
          order: 0,
          modified: local,
          modifiedUtc: mtime.toISOString(),
          ...unix,
        }),
      },
    ]);
    expect(files.map((entry) => entry.zip)).toEqual([
      {
        order: 1,
        modified: local,
        modifiedUtc: mtime.toISOString(),
        compressionMethod: 8,
        crc32: crc32(IOS_CHAT).toString(16).padStart(8, '0'),
        compressedSize: expect.any(Number),
        ...unix,
      },
      {
        order: 2,
        modified: local,
        modifiedUtc: null,
        compressionMethod: 0,
        crc32: crc32('photo').toString(16).padStart(8, '0'),
        compressedSize: 5,
        ...unix,
      },
    ]);
  });

  it('reads the UTC time of an NTFS extra field, as Windows tools write it', () => {
    // 4 reserved bytes, then tag 1 (24 bytes): modified, accessed, created as FILETIMEs.
    const modified = new Date('2023-06-08T07:01:02.500Z');
    const filetime = BigInt(modified.getTime()) * 10_000n + 116_444_736_000_000_000n;
    const ntfs = Buffer.alloc(32);
    ntfs.writeUInt16LE(1, 4);
    ntfs.writeUInt16LE(24, 6);
    ntfs.writeBigUInt64LE(filetime, 8);
    const entry = {
      lastModFileDate: (43 << 9) | (6 << 5) | 8,
      lastModFileTime: (9 << 11) | (1 << 5) | 1,
      extraFields: [{ id: 0x000a, data: ntfs }],
      compressionMethod: 8,
      crc32: 0xdeadbeef,
      compressedSize: 7,
      versionMadeBy: (10 << 8) | 63,
    } as unknown as Entry;

    expect(zipEntryFacts(entry, 4)).toEqual({
      order: 4,
      modified: '2023-06-08T09:01:02',
      modifiedUtc: '2023-06-08T07:01:02.500Z',
      compressionMethod: 8,
      crc32: 'deadbeef',
      compressedSize: 7,
      creatorSystem: 10,
      creatorVersion: 63,
    });
  });

  it('reads DOS dates as written, and none where the fields hold no real date', () => {
    // 2023-06-08 09:01:02: year 43 since 1980, month 6, day 8; 9 h, 1 min, 1 two-second step.
    expect(dosDateTime((43 << 9) | (6 << 5) | 8, (9 << 11) | (1 << 5) | 1)).toBe('2023-06-08T09:01:02');
    expect(dosDateTime(0, 0)).toBeNull();
    expect(dosDateTime((43 << 9) | (2 << 5) | 30, 0)).toBeNull();
    expect(dosDateTime((43 << 9) | (6 << 5) | 8, 24 << 11)).toBeNull();
  });
});

describe('extractZip with a writer that', () => {
  const files: ZipFileSpec[] = [
    { path: '_chat.txt', data: IOS_CHAT },
    { path: 'IMG-20230607-WA0003.jpg', data: randomBytes(200_000) },
  ];

  it('fails gets its own error back, and no further entry is written', async () => {
    const zipPath = await zipOnDisk(await yazlZip(files));
    const diskFull = new Error('ENOSPC: no space left on device');
    const seen: string[] = [];

    await expect(
      extractZip(zipPath, async (path, content) => {
        seen.push(path);
        content.destroy(diskFull);
        throw diskFull;
      }),
    ).rejects.toBe(diskFull);
    expect(seen).toEqual(['_chat.txt']);
  });

  it('returns without reading the stream gets an error instead of a hang', async () => {
    const zipPath = await zipOnDisk(await yazlZip(files));

    await expect(extractZip(zipPath, async () => undefined)).rejects.toThrow(
      'writeEntry returned before reading "_chat.txt" to the end.',
    );
  });
});
