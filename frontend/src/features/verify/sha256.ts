import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * Up to this size a file is hashed by Web Crypto in one call (native, fastest); larger ones are
 * streamed through an incremental SHA-256, so a 100 MB upload never sits in memory whole.
 */
export const WEB_CRYPTO_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Lower-case hex SHA-256 of a stream of `size` bytes; `onBytes` hears each chunk's length. Web
 * Crypto is missing outside a secure context (a plain-http address other than localhost): then
 * every file is streamed.
 */
export async function sha256OfStream(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
  size: number,
  onBytes: (bytes: number) => void = () => {},
): Promise<string> {
  const subtle = globalThis.isSecureContext ? globalThis.crypto?.subtle : undefined;
  const reader = stream.getReader();
  if (subtle && size <= WEB_CRYPTO_MAX_BYTES) {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      onBytes(read.value.byteLength);
    }
    const whole = await new Blob(chunks).arrayBuffer();
    return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', whole)));
  }
  const hash = sha256.create();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    hash.update(read.value);
    onBytes(read.value.byteLength);
  }
  return bytesToHex(hash.digest());
}
