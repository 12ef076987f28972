import type { Readable } from 'node:stream';
import { filetypeinfo } from 'magic-bytes.js';

/** Enough of a file for every signature magic-bytes.js knows (the deepest, tar's, sits at 257). */
export const HEAD_BYTES = 4096;

/**
 * The media type of a file from its first bytes (content, never the name), with magic-bytes.js.
 * Guesses that rest on a single byte are dropped: '{' or '[' is not JSON and 'G' is not MPEG
 * video, and a forensic reader must not be told so. ISO media says from its brand whether it is
 * audio only, and Ogg whether it holds Opus. Null when nothing trustworthy matches.
 */
export function detectMediaType(head: Uint8Array): string | null {
  if (head.length === 0) return null;
  for (const guess of filetypeinfo(head)) {
    if (!guess.mime) continue;
    if (guess.typename === 'Json') continue;
    if (guess.typename === 'mpeg' && head[0] === 0x47 && !isTransportStream(head)) continue;
    if (guess.typename === 'mp4') return isoBrandIsAudio(head) ? 'audio/mp4' : guess.mime;
    if (guess.typename === 'ogx' && isOggOpus(head)) return 'audio/ogg';
    return guess.mime;
  }
  return null;
}

/** MPEG transport streams repeat the sync byte 0x47 every 188 bytes. */
const isTransportStream = (head: Uint8Array): boolean =>
  head.length > 188 * 2 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47;

/** 'ftyp' brands of audio-only MPEG-4 files (iTunes audio, audiobooks, protected audio). */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);

/**
 * Ogg Opus (WhatsApp's voice notes) starts with a page whose packet is 'OpusHead'; RFC 7845 gives
 * it the type audio/ogg. magic-bytes.js knows Ogg Vorbis, FLAC and Speex but not Opus.
 */
const isOggOpus = (head: Uint8Array): boolean => {
  if (head.length < 27) return false;
  const packetStart = 27 + head[26];
  return Buffer.from(head.subarray(packetStart, packetStart + 8)).toString('latin1') === 'OpusHead';
};

const isoBrandIsAudio = (head: Uint8Array): boolean =>
  head.length >= 12 && AUDIO_BRANDS.has(Buffer.from(head.subarray(8, 12)).toString('latin1'));

/** Reads up to `limit` bytes from the start of `stream`, then lets it go. */
export async function readHead(stream: Readable, limit: number = HEAD_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}
