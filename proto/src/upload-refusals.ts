import { MAX_UPLOAD_BYTES } from './constants';
import { formatInteger } from './count-words';

/**
 * The pace an upload's body is held to, in the words its refusals state: the gateway's defaults
 * are HTTP_LIMITS', the minimum rate and its grace the operator's to set.
 */
export interface UploadPace {
  /** How long the body may go without a byte. */
  idleTimeoutMs: number;
  /** From its start, how long before the rate counts: a connection's slow start, a radio waking. */
  graceMs: number;
  /** After the grace, the least average rate since the start (bytes a second). */
  minBytesPerSecond: number;
  /** The longest one upload may take in all. */
  maxDurationMs: number;
}

const minutes = (ms: number): number => Math.round(ms / 60_000);

/**
 * What to do about an upload that is no ZIP, or only part of one (cut off, or changed on the
 * way): WhatsApp makes a whole one again, with the menu path of each phone.
 */
export const EXPORT_AGAIN =
  "Export the chat again from WhatsApp (in the chat: ⋮ › More › Export chat on Android, or the chat's name › Export Chat on an iPhone) and upload the ZIP it makes, unchanged.";

/** What the upload route answers when it turns an upload away (besides the options' own sentences). */
export const UPLOAD_REFUSALS = {
  notAZip: 'Please upload a WhatsApp export ZIP file.',
  tooLarge: `Please upload a file smaller than ${MAX_UPLOAD_BYTES / 1024 / 1024}MB.`,
  notAForm: 'The upload is not a valid multipart form.',
  noFile: 'The upload has no file: send the ZIP as the "file" field.',
  oneFileAtATime: 'Upload one ZIP file at a time.',
  cutOff: 'The upload was cut off before it finished.',
  unreadable: (reason: string) => `The upload could not be read: ${reason}`,
  stalled: ({ idleTimeoutMs }: UploadPace) =>
    `The upload stalled: nothing arrived for ${idleTimeoutMs / 1000} seconds. Please check your connection and try again.`,
  /** Behind the pace that finishes its declared length in time, or under the minimum rate. */
  tooSlow: ({ maxDurationMs, minBytesPerSecond }: UploadPace) =>
    `The upload is arriving too slowly to finish within ${minutes(maxDurationMs)} minutes (it needs at least ${minBytesPerSecond / 1024} KB a second). Please try again on a faster connection.`,
  tookTooLong: ({ maxDurationMs }: UploadPace) =>
    `The upload took longer than ${minutes(maxDurationMs)} minutes. Please try again on a faster connection.`,
  busy: 'The server is busy with other uploads. Please try again in a minute.',
  /** An upload ended to give its place to a newer one while every place was taken. */
  evicted:
    'The server is busy and needed the place of this upload, the one furthest from finishing. Please try again in a minute.',
  busyForAddress: 'Too many uploads from this address at once. Please wait for one to finish and try again.',
  busyForNetwork:
    'Too many uploads from your network at once. Please wait for one to finish and try again in a minute.',
  diskFull: 'The server is short of storage space and takes no uploads just now. Please try again later.',
  /** The address's unpaid exports already hold its share of storage (UPLOAD_QUOTA_MB). */
  quotaFull: (quotaBytes: number) =>
    `Your unpaid exports already hold the ${quotaBytes / 1024 / 1024} MB this address may keep at once. Delete or buy one of them, or try again when the oldest expires.`,
  /** What an upload unpacks to would take the address's exports past its quota (UPLOAD_QUOTA_MB). */
  unpackedOverQuota: (quotaBytes: number) =>
    `This export unpacks to more than the rest of the ${quotaBytes / 1024 / 1024} MB your unpaid exports may hold at once, so it was not kept. Delete or buy one of them, or try again when the oldest expires.`,
} as const;

/**
 * What the parse step answers when it refuses the chat text of an accepted upload (besides
 * CHAT_LIMITS' sentences, proto's chat-limits.ts), as the export's final progress error.
 */
export const CHAT_TEXT_REFUSALS = {
  /** PostgreSQL's text refuses NUL, and no WhatsApp export writes one: the file was altered or damaged. */
  nulCharacter: (line: number) =>
    `Line ${formatInteger(line)} of the chat text holds a NUL character (U+0000), which a WhatsApp export never contains: the file was changed or damaged after WhatsApp made it. Upload the ZIP exactly as WhatsApp's "Export chat" made it.`,
} as const;
