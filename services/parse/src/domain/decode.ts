// Bytes of a chat text to a string. WhatsApp writes UTF-8 (iOS often with a byte-order mark);
// files re-saved by editors or other tools arrive as UTF-16 with or without a mark.

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  byteOrderMark: boolean;
  /** Only what a reader of the transcript should know: a guessed encoding, replaced bytes. */
  warnings: string[];
}

/** Bytes inspected to recognise UTF-16 without a byte-order mark. */
const UTF16_SNIFF_BYTES = 4096;

export function decodeChatText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return decodeWith('utf-8', bytes.subarray(3), true, []);
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return decodeWith('utf-16le', bytes.subarray(2), true, []);
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return decodeWith('utf-16be', bytes.subarray(2), true, []);
  }
  const utf16 = sniffUtf16(bytes);
  if (utf16 !== null) {
    return decodeWith(utf16, bytes, false, [
      `The chat text has no byte-order mark; it was read as ${utf16.toUpperCase()} because of its zero-byte pattern.`,
    ]);
  }
  return decodeWith('utf-8', bytes, false, []);
}

/**
 * Chat headers are full of ASCII digits and punctuation, which UTF-16 writes with a zero byte
 * on one side; UTF-8 text has no zero bytes at all.
 */
function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(bytes.length, UTF16_SNIFF_BYTES) / 2);
  if (pairs === 0) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) zeroEven++;
    if (bytes[2 * i + 1] === 0) zeroOdd++;
  }
  if (zeroOdd >= pairs * 0.2 && zeroEven <= pairs * 0.02) return 'utf-16le';
  if (zeroEven >= pairs * 0.2 && zeroOdd <= pairs * 0.02) return 'utf-16be';
  return null;
}

function decodeWith(
  encoding: TextEncodingName,
  bytes: Uint8Array,
  byteOrderMark: boolean,
  warnings: string[],
): DecodedText {
  // ignoreBOM: the mark, if any, was already cut off; a second one would be content.
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, encoding, byteOrderMark, warnings };
  } catch {
    // Invalid sequences: keep every readable character and say where the damage starts.
    const text = new TextDecoder(encoding, { fatal: false, ignoreBOM: true }).decode(bytes);
    const first = text.indexOf('\uFFFD');
    const line = first < 0 ? 1 : countLineBreaks(text, first) + 1;
    return {
      text,
      encoding,
      byteOrderMark,
      warnings: [
        ...warnings,
        `The chat text is not valid ${encoding.toUpperCase()}: unreadable bytes were replaced with U+FFFD (first on line ${line}).`,
      ],
    };
  }
}

function countLineBreaks(text: string, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}
