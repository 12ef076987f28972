// Builds every kind of upload the ingest step must refuse, each in a file of its own, plus the
// yazl helper that writes the ordinary archives they are derived from.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import yazl from 'yazl';
import { centralRecord, encodeEntry, endRecord, localRecord, rawZip } from './raw-zip';

export interface ZipFileSpec {
  path: string;
  data: Buffer | string;
  /** yazl deflates by default. */
  compress?: boolean;
  zip64?: boolean;
}

/** An archive the way a real tool (yazl) writes it; a path ending in '/' is a folder. */
export async function yazlZip(files: readonly ZipFileSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    if (file.path.endsWith('/')) {
      zip.addEmptyDirectory(file.path);
      continue;
    }
    const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
    zip.addBuffer(data, file.path, {
      compress: file.compress ?? true,
      forceZip64Format: file.zip64 ?? false,
    });
  }
  zip.end({ forceZip64Format: files.some((file) => file.zip64), comment: '' });
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CHAT = '[07/06/2023, 15:13:20] Sam: Hello\n';
const S_IFLNK = 0o120000;
const MiB = 1024 ** 2;

/** Two stored files, so that their bytes sit in the archive as written. */
const twoStoredFiles = () =>
  yazlZip([
    { path: '_chat.txt', data: CHAT, compress: false },
    { path: 'photo.jpg', data: Buffer.alloc(4096, 7), compress: false },
  ]);

/**
 * The attack of issue 18: 1,000 entries of 1 MiB of zeros, 1.1 MB packed. Each entry stays at the
 * size where the per-entry ratio is not checked; only the total gives it away. Deflated once and
 * laid out 1,000 times, so that building it takes milliseconds.
 */
function thousandMebibytesOfZeros(): Buffer {
  const zeros = encodeEntry({ name: 'x', data: Buffer.alloc(MiB), method: 8 });
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < 1000; i++) {
    const entry = { ...zeros, name: Buffer.from(`IMG-20230607-WA${String(i).padStart(4, '0')}.jpg`) };
    const local = localRecord(entry);
    centrals.push(centralRecord(entry, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(1000, directory.length, offset)]);
}

/** Two directory records that point at the same local record. */
function sameLocalRecordTwice(): Buffer {
  const photo = encodeEntry({ name: 'photo.jpg', data: Buffer.alloc(4096, 7) });
  const copy = encodeEntry({ name: 'copy.jpg', data: Buffer.alloc(4096, 7) });
  const local = localRecord(photo);
  const directory = Buffer.concat([centralRecord(photo, 0), centralRecord(copy, 0)]);
  return Buffer.concat([local, directory, endRecord(2, directory.length, local.length)]);
}

/** Fifield's "quoted" overlap: the data of "outer.bin" is itself the whole local record of "inner.bin". */
function localRecordInsideAnothersData(): Buffer {
  const inner = encodeEntry({ name: 'inner.bin', data: Buffer.alloc(4096, 7) });
  const outer = encodeEntry({ name: 'outer.bin', data: localRecord(inner) });
  const local = localRecord(outer);
  const innerOffset = local.length - outer.compressed.length;
  const directory = Buffer.concat([centralRecord(outer, 0), centralRecord(inner, innerOffset)]);
  return Buffer.concat([local, directory, endRecord(2, directory.length, local.length)]);
}

export const HOSTILE_ZIPS = {
  'a text file renamed .zip': () => Buffer.from('Just some notes, not an archive.\n'),
  'a PDF renamed .zip': () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  'a PNG renamed .zip': () =>
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  'an empty file': () => Buffer.alloc(0),
  'a file of just "PK"': () => Buffer.from('PK'),
  'a self-extracting program': async () => Buffer.concat([Buffer.from('MZ\x90\x00'), await twoStoredFiles()]),

  'an archive with no entries': () => yazlZip([]),
  'an archive with only folders': () => yazlZip([{ path: 'WhatsApp Chat/', data: '' }]),

  'an archive cut in half': async () => {
    const zip = await twoStoredFiles();
    return zip.subarray(0, zip.length / 2);
  },
  'an archive cut before its directory': () => localRecord(encodeEntry({ name: '_chat.txt', data: CHAT })),
  'an archive with garbage inserted in the middle': async () => {
    const zip = await twoStoredFiles();
    const middle = 30 + '_chat.txt'.length + CHAT.length;
    return Buffer.concat([zip.subarray(0, middle), Buffer.alloc(100, 0xa5), zip.subarray(middle)]);
  },
  'a deflated entry whose compressed data is garbage': () =>
    rawZip([{ name: '_chat.txt', data: CHAT, method: 8 }]).fill(
      0xff,
      30 + '_chat.txt'.length,
      40 + '_chat.txt'.length,
    ),
  'a stored entry with one byte changed': async () => {
    const zip = await twoStoredFiles();
    const dataStart = zip.indexOf(CHAT);
    zip[dataStart] ^= 0x01;
    return zip;
  },
  'an entry whose declared CRC-32 is wrong': () =>
    rawZip([{ name: '_chat.txt', data: CHAT, declaredCrc32: 0x1234 }]),
  'a deflated entry longer than declared (a lying bomb)': () =>
    rawZip([{ name: 'photo.jpg', data: Buffer.alloc(3 * MiB), method: 8, declaredSize: 1000 }]),
  'a stored entry shorter than declared': () =>
    rawZip([{ name: '_chat.txt', data: CHAT, declaredSize: CHAT.length + 1 }]),

  'an entry declared at 4 GB': () => rawZip([{ name: 'video.mp4', data: 'tiny', declaredSize: 0xfffffff0 }]),
  'entries adding up to over 1,000 bytes': () =>
    rawZip([
      { name: 'a.txt', data: Buffer.alloc(600) },
      { name: 'b.txt', data: Buffer.alloc(600) },
    ]),
  'a 2 MB entry compressed over 200 times': () =>
    rawZip([{ name: 'zeros.bin', data: Buffer.alloc(2 * MiB), method: 8 }]),
  'an entry declared at 2 MB with no data': () =>
    rawZip([{ name: 'zeros.bin', data: '', method: 8, declaredSize: 2 * MiB }]),
  '1,000 entries of 1 MiB of zeros in 1.1 MB': thousandMebibytesOfZeros,
  '10,001 entries': () => rawZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt` }))),
  'two directory records for the same data': sameLocalRecordTwice,
  "an entry whose local record is inside another's data": localRecordInsideAnothersData,

  'a path starting with ../': () => rawZip([{ name: '../evil.txt', data: 'x' }]),
  'a path climbing out from a folder': () => rawZip([{ name: 'a/../../b.txt', data: 'x' }]),
  'an absolute path': () => rawZip([{ name: '/etc/passwd', data: 'x' }]),
  'a drive letter with a backslash': () => rawZip([{ name: 'C:\\x.txt', data: 'x' }]),
  'a drive letter with a slash': () => rawZip([{ name: 'C:/x.txt', data: 'x' }]),
  'a backslash path climbing out': () => rawZip([{ name: 'media\\..\\..\\x.txt', data: 'x' }]),
  'a network path': () => rawZip([{ name: '\\\\server\\share\\x.txt', data: 'x' }]),
  'a NUL byte in a name': () => rawZip([{ name: 'photo.jpg\u0000.txt', data: 'x' }]),
  'an empty segment': () => rawZip([{ name: 'media//photo.jpg', data: 'x' }]),
  'a "." segment': () => rawZip([{ name: './photo.jpg', data: 'x' }]),
  'a segment of dots and spaces': () => rawZip([{ name: 'media/.. /photo.jpg', data: 'x' }]),
  'an empty name': () => rawZip([{ name: '', data: 'x' }]),
  'a 256-byte segment': () => rawZip([{ name: `${'a'.repeat(252)}.txt`, data: 'x' }]),
  'a path too long to store': () =>
    rawZip([
      { name: `${'m'.repeat(250)}/${'m'.repeat(250)}/${'m'.repeat(250)}/${'n'.repeat(200)}.opus`, data: 'x' },
    ]),

  'a symbolic link': () => rawZip([{ name: 'link', data: '/etc/passwd', unixMode: S_IFLNK | 0o777 }]),

  'an encrypted entry': () =>
    rawZip([{ name: '_chat.txt', data: Buffer.alloc(12 + CHAT.length), flags: 0x1 }]),
  'an AES-encrypted entry': () => rawZip([{ name: '_chat.txt', data: CHAT, flags: 0x1, method: 99 }]),
  'a strongly encrypted entry': () => rawZip([{ name: '_chat.txt', data: CHAT, flags: 0x41 }]),

  'the same name twice': () =>
    rawZip([
      { name: '_chat.txt', data: 'a' },
      { name: '_chat.txt', data: 'b' },
    ]),
  'names differing only in case': () =>
    rawZip([
      { name: 'Media/Photo.jpg', data: 'a' },
      { name: 'media/photo.JPG', data: 'b' },
    ]),
  'the same name composed and decomposed': () =>
    rawZip([
      { name: 'Caf\u00e9.jpg', data: 'a' },
      { name: 'Cafe\u0301.jpg', data: 'b' },
    ]),
  'a name used for a file and a folder': () =>
    rawZip([
      { name: 'media', data: 'a' },
      { name: 'media/photo.jpg', data: 'b' },
    ]),

  'a bzip2-compressed entry': () => rawZip([{ name: '_chat.txt', data: CHAT, method: 12 }]),
  'an LZMA-compressed entry': () => rawZip([{ name: '_chat.txt', data: deflateRawSync(CHAT), method: 14 }]),
} satisfies Record<string, () => Buffer | Promise<Buffer>>;

export type HostileZipKind = keyof typeof HOSTILE_ZIPS;

/** Writes the archive of that kind to dir and returns its path. */
export async function writeHostileZip(dir: string, kind: HostileZipKind): Promise<string> {
  const path = join(dir, 'upload.zip');
  await writeFile(path, await HOSTILE_ZIPS[kind]());
  return path;
}
