import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { stringify } from 'csv-stringify';
import { FLAG_LABELS, sourceLines } from '../transcript/message-labels';
import { messageNumber } from '../transcript/message-number';
import { isoOffset, recordedInstant } from '../transcript/time-zone';

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
  /** Whether times are written with seconds (ChatSummary.timesHaveSeconds). */
  withSeconds: boolean;
  /** The zone the manifest states (export.declaredTimeZone), for the UTC columns. */
  timeZone: string;
  /** Attachment reference of each upload path a message's attachment is linked to and the package holds. */
  attachments: ReadonlyMap<string, string>;
}

/** One message as its row of messages.csv. */
export function messageRow(message: TranscriptMessage, input: Omit<MessagesCsvInput, 'pages'>): string[] {
  const instant = recordedInstant(message.timestamp, input.timeZone);
  const flags = message.flags.map((flag) => FLAG_LABELS[flag]);
  if (message.type === 'system') flags.unshift(SYSTEM_EVENT_FLAG);
  const reference =
    message.attachmentPath === null ? undefined : input.attachments.get(message.attachmentPath);
  return [
    messageNumber(message.index, input.totalMessages),
    message.timestamp.slice(0, 10),
    message.timestamp.slice(11, input.withSeconds ? 19 : 16),
    instant === null ? '' : `${message.timestamp.slice(0, 19)}${isoOffset(instant.offset)}`,
    instant === null ? '' : `${instant.at.toISOString().slice(0, 19)}Z`,
    message.sender ?? '',
    message.content,
    flags.join(' · '),
    sourceLines(message),
    message.attachment === null ? '' : (reference ?? MISSING_ATTACHMENT),
    message.attachment ?? '',
  ];
}

/**
 * Streams messages.csv into `out`, one row per message in export order, a page at a time: RFC 4180
 * quoting, CRLF row ends, UTF-8 with a byte order mark (so Excel reads it as UTF-8). A cell that
 * starts with = + - @, a tab or a CR (or a full-width = + - @) is prefixed with ' so that a
 * spreadsheet never runs it as a formula; README.txt says so. Resolves when `out` has finished.
 */
export async function writeMessagesCsv(input: MessagesCsvInput, out: Writable): Promise<void> {
  const { pages, ...options } = input;
  async function* rows(): AsyncGenerator<string[]> {
    yield [...MESSAGES_CSV_COLUMNS];
    for await (const page of pages) for (const message of page) yield messageRow(message, options);
  }
  await pipeline(
    Readable.from(rows()),
    stringify({
      bom: true,
      record_delimiter: 'windows',
      escape_formulas: true,
      quote_record_delimiter: true,
    }),
    out,
  );
}
