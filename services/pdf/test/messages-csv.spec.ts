import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { parse } from 'csv-parse/sync';
import {
  MESSAGES_CSV_COLUMNS,
  type MessagesCsvInput,
  writeMessagesCsv,
} from '@chatexhibit/pdf/domain/evidence/messages-csv';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);

/** A multilingual chat as the parser hands it over, two messages a page. */
const MESSAGES: TranscriptMessage[] = [
  transcriptMessage(1, {
    sender: null,
    type: 'system',
    event: 'encryption',
    content: 'Messages and calls are end-to-end encrypted.',
    timestamp: '2023-03-25T23:59:00',
  }),
  transcriptMessage(2, {
    sender: 'ليلى',
    content: 'مرحبا، سنلتقي الساعة العاشرة.',
    timestamp: '2023-03-26T01:15:42',
  }),
  // Berlin's clocks went from 02:00 to 03:00 that night: 02:30 never happened there.
  transcriptMessage(3, {
    sender: 'נועה',
    content: 'שלום, אני אביא את המפתחות',
    timestamp: '2023-03-26T02:30:05',
  }),
  transcriptMessage(4, {
    sender: '王小明',
    content: '𠮷野家で会いましょう。我们明天见。',
    timestamp: '2023-06-07T15:14:09',
  }),
  transcriptMessage(5, {
    sender: '\u202a+49 151 2345678\u202c',
    content: 'First paragraph 👍🏽\n\nSecond paragraph after a blank line 👨‍👩‍👧',
    line: 6,
    lineEnd: 8,
    flags: ['edited'],
    timestamp: '2023-06-07T15:15:00',
  }),
  transcriptMessage(6, { sender: 'Bob', content: '=SUM(A1:A9)', timestamp: '2023-06-07T15:16:00' }),
  transcriptMessage(7, {
    sender: 'Bob',
    content: 'She said "no, not today", then left, quietly.',
    line: 10,
    lineEnd: 10,
    timestamp: '2023-06-07T15:17:00',
  }),
  transcriptMessage(8, {
    sender: 'Bob',
    type: 'image',
    content: 'the signed page',
    attachment: 'IMG-20230607-WA0001.jpg',
    attachmentPath: 'IMG-20230607-WA0001.jpg',
    line: 11,
    lineEnd: 11,
    timestamp: '2023-06-07T15:18:00',
  }),
  transcriptMessage(9, {
    sender: 'Bob',
    type: 'image',
    attachment: 'IMG-20230607-WA0099.jpg',
    attachmentPath: null,
    line: 12,
    lineEnd: 12,
    timestamp: '2023-06-07T15:19:00',
  }),
  transcriptMessage(10, {
    sender: 'Bob',
    type: 'deleted',
    content: 'This message was deleted',
    flags: ['deleted', 'outOfOrder'],
    line: 13,
    lineEnd: 13,
    // Berlin lived 02:30 twice when its clocks went back: which one cannot be told.
    timestamp: '2023-10-29T02:30:00',
  }),
  transcriptMessage(11, {
    sender: 'Bob',
    content: '-1 and +1 and @home',
    timestamp: '2023-02-30T10:00:00',
    flags: ['invalidDate'],
  }),
];

async function* pages(): AsyncGenerator<readonly TranscriptMessage[]> {
  for (let i = 0; i < MESSAGES.length; i += 2) yield MESSAGES.slice(i, i + 2);
}

async function csvOf(over: Partial<MessagesCsvInput> = {}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await writeMessagesCsv(
    {
      pages: pages(),
      totalMessages: MESSAGES.length,
      withSeconds: true,
      timeZone: 'Europe/Berlin',
      attachments: new Map([['IMG-20230607-WA0001.jpg', 'Attachment 1']]),
      ...over,
    },
    out,
  );
  return Buffer.concat(chunks);
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** What a cell holds for `value`: the value, with the documented ' before a formula's first character. */
const cell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

describe('messages.csv', () => {
  it('round-trips every message: number, times, sender, text, flags, lines and exhibit', async () => {
    const bytes = await csvOf();
    const rows = parse(bytes, { bom: true, relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual([...MESSAGES_CSV_COLUMNS]);
    expect(rows).toHaveLength(MESSAGES.length + 1);
    const byColumn = rows
      .slice(1)
      .map((row) => Object.fromEntries(MESSAGES_CSV_COLUMNS.map((column, i) => [column, row[i]])));
    byColumn.forEach((row, i) => {
      const message = MESSAGES[i]!;
      expect(row['Number']).toBe(String(message.index).padStart(4, '0'));
      expect(row['Date (as recorded)']).toBe(message.timestamp.slice(0, 10));
      expect(row['Time (as recorded)']).toBe(message.timestamp.slice(11, 19));
      expect(row['Sender']).toBe(cell(message.sender ?? ''));
      expect(row['Text']).toBe(cell(message.content));
      expect(row['Source lines']).toBe(
        message.line === message.lineEnd ? `L${message.line}` : `L${message.line}-${message.lineEnd}`,
      );
      expect(row['Attachment file']).toBe(message.attachment ?? '');
    });
    const column = (name: (typeof MESSAGES_CSV_COLUMNS)[number]) => byColumn.map((row) => row[name]);
    expect(column('Flags')).toEqual([
      'SYSTEM EVENT',
      '',
      '',
      '',
      'EDITED',
      '',
      '',
      '',
      '',
      'DELETED · OUT OF ORDER',
      'DATE AS WRITTEN (INVALID)',
    ]);
    expect(column('Attachment')).toEqual(['', '', '', '', '', '', '', 'Attachment 1', 'MISSING', '', '']);
    // Berlin: winter +01:00, summer +02:00; none for a skipped, a doubled or an impossible time.
    expect(column('Time with UTC offset')).toEqual([
      '2023-03-25T23:59:00+01:00',
      '2023-03-26T01:15:42+01:00',
      '',
      '2023-06-07T15:14:09+02:00',
      '2023-06-07T15:15:00+02:00',
      '2023-06-07T15:16:00+02:00',
      '2023-06-07T15:17:00+02:00',
      '2023-06-07T15:18:00+02:00',
      '2023-06-07T15:19:00+02:00',
      '',
      '',
    ]);
    expect(column('UTC time')).toEqual([
      '2023-03-25T22:59:00Z',
      '2023-03-26T00:15:42Z',
      '',
      '2023-06-07T13:14:09Z',
      '2023-06-07T13:15:00Z',
      '2023-06-07T13:16:00Z',
      '2023-06-07T13:17:00Z',
      '2023-06-07T13:18:00Z',
      '2023-06-07T13:19:00Z',
      '',
      '',
    ]);
    // The formula guard, and only there.
    expect(byColumn[5]!['Text']).toBe("'=SUM(A1:A9)");
    expect(byColumn[10]!['Text']).toBe("'-1 and +1 and @home");
    expect(byColumn[4]!['Sender']).toBe('\u202a+49 151 2345678\u202c');
    expect(byColumn[4]!['Text']).toContain('\n\nSecond paragraph');
  });

  it('is UTF-8 with a byte order mark, CRLF row ends and RFC 4180 quotes', async () => {
    const bytes = await csvOf();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(Buffer.from(text, 'utf8').equals(bytes.subarray(3))).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(MESSAGES_CSV_COLUMNS.join(','));
    // A line break inside a message stays inside its quoted cell; quotes are doubled.
    expect(text).toContain('"First paragraph 👍🏽\n\nSecond paragraph after a blank line 👨‍👩‍👧"');
    expect(text).toContain('"She said ""no, not today"", then left, quietly."');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-csv-'));
    try {
      await writeFile(path.join(dir, 'messages.csv'), bytes);
      // file(1) reads it as CSV text in UTF-8.
      const { stdout } = await run('file', ['-b', '--mime', path.join(dir, 'messages.csv')]);
      expect(stdout.trim()).toBe('text/csv; charset=utf-8');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('numbers as the transcript does and leaves seconds out when the export has none', async () => {
    const rows = parse(await csvOf({ totalMessages: 12_000, withSeconds: false }), {
      bom: true,
    }) as string[][];
    expect(rows[1]!.slice(0, 3)).toEqual(['00001', '2023-03-25', '23:59']);
  });
});
