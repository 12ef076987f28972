import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { type Options, stringify } from 'csv-stringify';
import { rowFlags, sourceLines } from '../transcript/message-labels';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { isoOffset, isoUtc, recordedTime } from '../transcript/time-zone';
import { type ChatTimes, type MessageTime, ZoneClock } from '../transcript/zone-clock';

/** The columns of messages.csv, in order (its first row). */
export const MESSAGES_CSV_COLUMNS = [
  'Number',
  'Date (as recorded)',
  'Time (as recorded)',
  'Time with UTC offset',
  'UTC time',
  'Sender',
  'Text',
  'Flags',
  'Source lines',
  'Attachment',
  'Attachment file',
] as const;

/** The Flags value of a system event, beside the message flags the transcript prints. */
export const SYSTEM_EVENT_FLAG = 'SYSTEM EVENT';
/** The Attachment value of a message whose file the export does not contain, as the transcript says. */
export const MISSING_ATTACHMENT = 'MISSING';

export interface MessagesCsvInput {
  /** The messages in export order, a page at a time: the transcript's own source. */
  pages: AsyncIterable<readonly TranscriptMessage[]>;
  /** The number of messages, which sets the numbers' zero-padding as in the transcript. */
  totalMessages: number;
  /** The zone the manifest states (export.timeZone) and the chat's range, for the UTC columns. */
  times: ChatTimes;
  /** Attachment reference of each upload path a message's attachment is linked to and the package holds. */
  attachments: ReadonlyMap<string, string>;
}

/**
 * One message as its row of messages.csv: its time with seconds when the export recorded them, and
 * the instant `time` reads it as (none for a local time the zone skipped or a date that cannot be read).
 */
export function messageRow(
  message: TranscriptMessage,
  time: MessageTime,
  input: Omit<MessagesCsvInput, 'pages' | 'times'>,
): string[] {
  const { instant } = time;
  const { alerts, notes } = rowFlags(message, time);
  const flags = [...(message.type === 'system' ? [SYSTEM_EVENT_FLAG] : []), ...alerts, ...notes];
  const reference =
    message.attachmentPath === null ? undefined : input.attachments.get(message.attachmentPath);
  const seconds = message.secondsRecorded;
  return [
    messageNumber(message.index, input.totalMessages),
    message.timestamp.slice(0, 10),
    recordedTime(message.timestamp, seconds),
    instant === null ? '' : `${message.timestamp.slice(0, seconds ? 19 : 16)}${isoOffset(instant.offset)}`,
    instant === null ? '' : isoUtc(instant.at, seconds),
    message.sender ?? '',
    message.content,
    flags.join(' · '),
    sourceLines(message),
    message.attachment === null ? '' : (reference ?? MISSING_ATTACHMENT),
    message.attachment ?? '',
  ];
}

/**
 * How the package's CSV files are written for spreadsheets: RFC 4180 quoting, CRLF row ends,
 * UTF-8 with a byte order mark (so Excel reads it as UTF-8), and a cell that starts with = + - @,
 * a tab or a CR (or a full-width = + - @) prefixed with ' so that a spreadsheet never runs it as a
 * formula; README.txt says so.
 */
export const SPREADSHEET_CSV: Options = {
  bom: true,
  record_delimiter: 'windows',
  escape_formulas: true,
  quote_record_delimiter: true,
};

/**
 * Streams messages.csv into `out`, one row per message in export order, a page at a time, as
 * SPREADSHEET_CSV says. Resolves when `out` has finished.
 */
export async function writeMessagesCsv(input: MessagesCsvInput, out: Writable): Promise<void> {
  const { pages, times, ...options } = input;
  const clock = new ZoneClock(times);
  async function* rows(): AsyncGenerator<string[]> {
    yield [...MESSAGES_CSV_COLUMNS];
    for await (const page of pages)
      for (const message of page) yield messageRow(message, clock.read(message), options);
  }
  await pipeline(Readable.from(rows()), stringify(SPREADSHEET_CSV), out);
}
