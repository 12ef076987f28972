// Writes ZIP archives byte by byte, including ones no real tool writes: names with "..", NUL or
// raw CP437 bytes, links, encryption flags without encryption, unknown methods, sizes and CRCs
// that lie, and directory records that point at another entry's data. The pieces are exported so
// that a test can lay them out however the attack needs.

import { crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  /** A string is written as UTF-8 with the UTF-8 flag; a Buffer as given, without it. */
  name: string | Buffer;
  data?: Buffer | string;
  /** 0 stores data, 8 deflates it; any other method stores data as if it were compressed that way. */
  method?: number;
  /** General-purpose bits beyond the UTF-8 flag (bit 0: encrypted, bit 6: strong encryption). */
  flags?: number;
  /** Unix mode in the upper 16 bits, as Info-ZIP writes it. */
  unixMode?: number;
  /** Declared uncompressed size, when it should differ from the data's. */
  declaredSize?: number;
  /** Declared CRC-32, when it should differ from the data's. */
  declaredCrc32?: number;
}

/** An entry ready to be written: what its local record and its directory record share. */
export interface EncodedEntry {
  name: Buffer;
  flags: number;
  method: number;
  crc32: number;
  compressed: Buffer;
  uncompressedSize: number;
  externalAttributes: number;
  versionMadeBy: number;
}

const UTF8_FLAG = 0x800;
const MADE_BY_UNIX = 3 << 8;
const VERSION = 20;

export function encodeEntry(entry: RawEntry): EncodedEntry {
  const data =
    typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : (entry.data ?? Buffer.alloc(0));
  const method = entry.method ?? 0;
  const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
  return {
    name,
    flags: (typeof entry.name === 'string' ? UTF8_FLAG : 0) | (entry.flags ?? 0),
    method,
    crc32: entry.declaredCrc32 ?? crc32(data),
    compressed: method === 8 ? deflateRawSync(data) : data,
    uncompressedSize: entry.declaredSize ?? data.length,
    externalAttributes: ((entry.unixMode ?? 0) << 16) >>> 0,
    versionMadeBy: (entry.unixMode === undefined ? 0 : MADE_BY_UNIX) | VERSION,
  };
}

/** Local file header, name and data. */
export function localRecord(entry: EncodedEntry): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(0, 10); // time and date
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(entry.compressed.length, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name, entry.compressed]);
}

/** Central directory record pointing at a local record that starts at localOffset. */
export function centralRecord(entry: EncodedEntry, localOffset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(entry.versionMadeBy, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(entry.crc32, 16);
  header.writeUInt32LE(entry.compressed.length, 20);
  header.writeUInt32LE(entry.uncompressedSize, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.externalAttributes, 38);
  header.writeUInt32LE(localOffset, 42);
  return Buffer.concat([header, entry.name]);
}

export function endRecord(entryCount: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entryCount, 8);
  end.writeUInt16LE(entryCount, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** Local records, then a directory that lists them in the same order. */
export function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const encoded = encodeEntry(entry);
    const local = localRecord(encoded);
    centrals.push(centralRecord(encoded, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(entries.length, directory.length, offset)]);
}
