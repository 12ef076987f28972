// What the central directory records about an entry besides its name and bytes: times, method,
// CRC, creator. Read as written, never corrected, for the entry table of the evidence package.

import type { Entry } from 'yauzl';
import type { ZipEntryFacts } from '@chatexhibit/proto/storage-layout';

const EXTENDED_TIMESTAMP = 0x5455;
const NTFS = 0x000a;
const NTFS_TIMES_TAG = 0x0001;
/** 100-ns ticks between 1601-01-01 (Windows FILETIME) and 1970-01-01. */
const FILETIME_UNIX_EPOCH = 116_444_736_000_000_000n;

const two = (n: number): string => String(n).padStart(2, '0');

/** The DOS date and time fields as 'YYYY-MM-DDTHH:mm:ss', or null when they are not a real moment. */
export function dosDateTime(date: number, time: number): string | null {
  const year = 1980 + (date >> 9);
  const month = (date >> 5) & 0x0f;
  const day = date & 0x1f;
  const hours = time >> 11;
  const minutes = (time >> 5) & 0x3f;
  const seconds = (time & 0x1f) * 2;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || calendar.getUTCDate() !== day) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/** The modification time of the extended-timestamp or NTFS extra field, as UTC ISO 8601; null without one. */
function extraFieldModified(entry: Entry): string | null {
  for (const { id, data } of entry.extraFields) {
    // Flags, then (when bit 0 is set) the modification time in Unix seconds, signed.
    if (id === EXTENDED_TIMESTAMP && data.length >= 5 && (data[0] & 1) === 1) {
      return isoOrNull(data.readInt32LE(1) * 1000);
    }
    if (id === NTFS) {
      // 4 reserved bytes, then tagged attributes; tag 1 holds mtime, atime, ctime as FILETIMEs.
      for (let at = 4; at + 4 <= data.length;) {
        const tag = data.readUInt16LE(at);
        const size = data.readUInt16LE(at + 2);
        if (tag === NTFS_TIMES_TAG && size >= 8 && at + 12 <= data.length) {
          const ticks = data.readBigUInt64LE(at + 4);
          return isoOrNull(Number((ticks - FILETIME_UNIX_EPOCH) / 10_000n));
        }
        at += 4 + size;
      }
    }
  }
  return null;
}

function isoOrNull(milliseconds: number): string | null {
  const date = new Date(milliseconds);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The facts of `entry`, the `order`-th of the central directory (from 0). */
export function zipEntryFacts(entry: Entry, order: number): ZipEntryFacts {
  return {
    order,
    modified: dosDateTime(entry.lastModFileDate, entry.lastModFileTime),
    modifiedUtc: extraFieldModified(entry),
    compressionMethod: entry.compressionMethod,
    crc32: (entry.crc32 >>> 0).toString(16).padStart(8, '0'),
    compressedSize: entry.compressedSize,
    creatorSystem: entry.versionMadeBy >> 8,
    creatorVersion: entry.versionMadeBy & 0xff,
  };
}
