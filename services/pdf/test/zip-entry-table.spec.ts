import type { ExportEntry, ZipEntryFacts } from '@chatexhibit/proto/storage-layout';
import { displayWidth, LINE_WIDTH, toText } from '@chatexhibit/pdf/domain/evidence/plain-text';
import {
  originalEntryDates,
  zipEntryRows,
  zipEntryTableLines,
} from '@chatexhibit/pdf/domain/evidence/zip-entry-table';

const facts = (order: number, over: Partial<ZipEntryFacts> = {}): ZipEntryFacts => ({
  order,
  modified: '2023-06-08T09:01:02',
  modifiedUtc: null,
  compressionMethod: 8,
  crc32: '0badf00d',
  compressedSize: 1234,
  creatorSystem: 19,
  creatorVersion: 20,
  ...over,
});
const entry = (path: string, zip?: ZipEntryFacts): ExportEntry => ({
  path,
  key: `exports/x/entries/${path}`,
  size: 56789,
  sha256: 'a'.repeat(64),
  ...(zip ? { zip } : {}),
});

describe('the ZIP entry table', () => {
  it('puts files and folders in central-directory order; entries stored without details last', () => {
    const rows = zipEntryRows(
      [entry('old.txt'), entry('Chat/_chat.txt', facts(1)), entry('Chat/IMG-20230607-WA0003.jpg', facts(2))],
      [{ path: 'Chat', zip: facts(0) }],
    );
    expect(rows.map((row) => [row.path, row.kind, row.zip?.order ?? null])).toEqual([
      ['Chat/', 'folder', 0],
      ['Chat/_chat.txt', 'file', 1],
      ['Chat/IMG-20230607-WA0003.jpg', 'file', 2],
      ['old.txt', 'file', null],
    ]);
  });

  it('writes one numbered item per entry, within 80 columns, for the processing record', () => {
    const longName = `Chat/${'very long media name '.repeat(5).trim()}.jpg`;
    const lines = zipEntryTableLines(
      zipEntryRows(
        [
          entry('Chat/_chat.txt', facts(1, { modifiedUtc: '2023-06-08T07:01:02.000Z' })),
          entry(longName, facts(2, { compressionMethod: 0, modified: null, creatorSystem: 0 })),
          entry('old.txt'),
        ],
        [{ path: 'Chat', zip: facts(0) }],
      ),
    );
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(LINE_WIDTH);
    const text = toText(lines).toString('utf8');
    expect(text).toContain("The upload's ZIP holds 4 entries");
    expect(text).toContain('  1.    Chat/ (folder)\n');
    expect(text).toContain('  2.    Chat/_chat.txt\n');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'modified 2023-06-08 09:01:02, UTC 2023-06-08 07:01:02; deflated, 56,789 bytes (1,234 compressed); CRC-32 0badf00d; made on OS X (Darwin).',
    );
    expect(text.replace(/\s+/g, ' ')).toContain('modified none (no valid DOS date); stored,');
    expect(text).toContain('made on MS-DOS/FAT.');
    expect(text).toContain('  4.    old.txt\n        not recorded');
  });

  it('counts one entry and one byte in the singular', () => {
    const one = { ...entry('_chat.txt', facts(0)), size: 1 };
    const text = toText(zipEntryTableLines(zipEntryRows([one], [])))
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain("The upload's ZIP holds 1 entry, listed");
    expect(text).toContain('deflated, 1 byte (1,234 compressed)');
  });

  it("dates each original in the package with its entry's wall-clock time, as UTC fields", () => {
    const dates = originalEntryDates([entry('Chat/_chat.txt', facts(1)), entry('old.txt')]);
    expect([...dates]).toEqual([['original/Chat/_chat.txt', new Date('2023-06-08T09:01:02Z')]]);
  });
});
