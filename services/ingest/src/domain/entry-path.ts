// Turns the name bytes of a ZIP entry into a path that is safe to write under a folder of ours.
// The rule is ours and explicit rather than yauzl's validateFileName, which lets NUL bytes, empty
// segments and "." through and is only applied when yauzl decodes names itself.

import { MAX_ENTRY_PATH_BYTES } from '@chatexhibit/proto/storage-layout';
import { unsafeArchive } from './unsafe-archive-error';

export interface EntryPath {
  /** '/'-separated, NFC-normalised; no leading, trailing or doubled '/'. */
  path: string;
  isDirectory: boolean;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The upper half of code page 437; the lower half is ASCII. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** Longest file or folder name common filesystems accept, in UTF-8 bytes. */
const MAX_SEGMENT_BYTES = 255;

/**
 * Names are UTF-8 when their bytes are valid UTF-8, whatever the "UTF-8" flag says: WhatsApp
 * writes UTF-8 names without setting it. Anything else is code page 437, the ZIP default.
 * Bytes below 0x20 stay control characters (not CP437's glyphs) so that the path rule sees them.
 */
export function decodeEntryName(raw: Uint8Array): string {
  try {
    return UTF8.decode(raw);
  } catch {
    let name = '';
    for (const byte of raw) name += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
    return name;
  }
}

/**
 * Checks a decoded name and returns it as a safe relative path. '\' counts as a separator (Windows
 * tools write it); a name may end in a separator only to mark a folder.
 */
export function toEntryPath(name: string): EntryPath {
  const normalised = name.normalize('NFC');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(normalised)) throw unsafeArchive.invalidPath(normalised);
  if (/^[\\/]/.test(normalised) || /^[a-zA-Z]:/.test(normalised))
    throw unsafeArchive.pathTraversal(normalised);
  const isDirectory = /[\\/]$/.test(normalised);
  const segments = (isDirectory ? normalised.slice(0, -1) : normalised).split(/[\\/]/);
  if (segments.includes('..')) throw unsafeArchive.pathTraversal(normalised);
  for (const segment of segments) {
    // Only dots and spaces: "", "." and names Windows would trim to nothing or to "..".
    if (/^[. ]*$/.test(segment) || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw unsafeArchive.invalidPath(normalised);
    }
  }
  const path = segments.join('/');
  // Longer, it could not be stored under its name: object keys end at 1,024 bytes.
  if (Buffer.byteLength(path) > MAX_ENTRY_PATH_BYTES) throw unsafeArchive.invalidPath(normalised);
  return { path, isDirectory };
}

/** Two paths with the same key would land on the same file on a case-insensitive filesystem. */
export function collisionKey(path: string): string {
  return path.toLowerCase();
}
