import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { ChatDataSchema } from '@chatexhibit/proto/chat';
import { zipArchive } from '../../services/parse/test/support/zip-writer';
import { runToEnd } from '../support/child-process';

const run = promisify(execFile);

/** An iPhone export: its headers write seconds, which must survive into every document. */
const IPHONE_CHAT = [
  '[11/13/25, 9:14:40 AM] Dana Whitfield: I am calling you now',
  '[11/13/25, 9:14:41 AM] Lee Park: Picking up',
  '[11/13/25, 9:15:00 AM] Dana Whitfield: Thanks',
].join('\n');

/**
 * An Android export (no seconds) across both daylight-saving changes of 2025 in New York: clocks
 * forward 02:00 → 03:00 on 9 March (02:30 never happened), back 02:00 → 01:00 on 2 November
 * (01:00-01:59 happened twice).
 */
const NEW_YORK_CHAT = [
  '09/03/2025, 01:50 - Sam Carter: before the clocks go forward',
  '09/03/2025, 02:30 - Alex Reed: a time New York never had',
  '09/03/2025, 03:10 - Sam Carter: twenty minutes after 01:50',
  '15/03/2025, 10:00 - Alex Reed: the middle of March',
  '02/11/2025, 01:50 - Sam Carter: before the clocks go back',
  '02/11/2025, 01:10 - Alex Reed: in the repeated hour',
  '02/11/2025, 01:20 - Sam Carter: still in it',
  '02/11/2025, 02:05 - Alex Reed: after it',
].join('\n');

/**
 * Times as the phone recorded them, through `npm run convert`'s built code: seconds where the
 * export has them, the zone's clock changes as rows where they fall, a local time the zone never
 * had flagged, the repeated hour explained instead of called out of order, and UTC in
 * messages.csv and chat.json always and in the transcript on request.
 */
describe('recorded times', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-recorded-times-'));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  /** Converts `chat` (as `_chat.txt` of a ZIP) into a folder of its own; resolves to that folder. */
  async function convert(name: string, chat: string, ...flags: string[]): Promise<string> {
    const zipPath = path.join(workDir, `${name}.zip`);
    await writeFile(zipPath, zipArchive([{ path: '_chat.txt', data: `${chat}\n` }]));
    const out = path.join(workDir, name);
    const tmp = path.join(workDir, `tmp-${name}`);
    await mkdir(tmp);
    const { code, stderr } = await runToEnd(
      process.execPath,
      ['standalone/dist/cli/convert-cli.js', zipPath, '--out', out, '--tz', 'America/New_York', ...flags],
      { TMPDIR: tmp, SOURCE_DATE_EPOCH: '1764000000' },
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(await readdir(tmp)).toEqual([]);
    return out;
  }

  /** The message pages of a transcript as pdftotext lays them out (the cover ends before "Messages"). */
  async function messagePages(out: string, file = 'transcript.pdf'): Promise<string> {
    const text = (await run('pdftotext', ['-layout', '-enc', 'UTF-8', path.join(out, file), '-'])).stdout;
    // The messages may follow the cover on its last page: from the "Messages" heading on.
    const start = text.search(/^\s*Messages\s*$/m);
    expect(start).toBeGreaterThan(0);
    return text.slice(start);
  }

  const csvRows = async (out: string) =>
    parse(await readFile(path.join(out, 'messages.csv')), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
  const chatData = async (out: string) =>
    ChatDataSchema.parse(JSON.parse(await readFile(path.join(out, 'chat.json'), 'utf8')));

  it("keeps an iPhone export's seconds in both transcripts, messages.csv and chat.json", async () => {
    const out = await convert('iphone', IPHONE_CHAT);
    for (const file of ['transcript.pdf', 'transcript-filing.pdf']) {
      const messages = await messagePages(out, file);
      expect(messages).toMatch(/0001 +09:14:40 +Dana Whitfield/);
      expect(messages).toMatch(/0002 +09:14:41 +Lee Park/);
      // A recorded :00 is a recorded second too.
      expect(messages).toMatch(/0003 +09:15:00 +Dana Whitfield/);
    }
    expect((await csvRows(out)).map((row) => [row['Time (as recorded)'], row['UTC time']])).toEqual([
      ['09:14:40', '2025-11-13T14:14:40Z'],
      ['09:14:41', '2025-11-13T14:14:41Z'],
      ['09:15:00', '2025-11-13T14:15:00Z'],
    ]);
    const chat = await chatData(out);
    expect(chat).toMatchObject({ timeZone: 'America/New_York', timeZoneSource: 'declared' });
    expect(chat.messages.map((m) => [m.timestamp, m.secondsRecorded, m.utc])).toEqual([
      ['2025-11-13T09:14:40', true, '2025-11-13T14:14:40Z'],
      ['2025-11-13T09:14:41', true, '2025-11-13T14:14:41Z'],
      ['2025-11-13T09:15:00', true, '2025-11-13T14:15:00Z'],
    ]);
  }, 60_000);

  it('marks both daylight-saving changes, flags a time New York never had, explains the repeated hour, and adds UTC with --utc', async () => {
    const out = await convert('new-york-utc', NEW_YORK_CHAT, '--utc');
    for (const file of ['transcript.pdf', 'transcript-filing.pdf']) {
      const messages = (await messagePages(out, file)).replace(/ +/g, ' ');
      expect(messages).toContain(
        'Clocks went forward 02:00 → 03:00, UTC−05:00 → UTC−04:00 (America/New_York,',
      );
      expect(messages).toContain('Clocks went back 02:00 → 01:00, UTC−04:00 → UTC−05:00 (America/New_York,');
      // Each change sits between the messages it separates.
      const order = [
        '0001 01:50',
        'Clocks went forward',
        '0002 02:30',
        '0004 10:00',
        '0005 01:50',
        'Clocks went back',
        '0006 01:10',
      ].map((needle) => messages.indexOf(needle));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(messages).toMatch(/0002 02:30 — Alex Reed NO SUCH LOCAL TIME/);
      expect(messages).toContain('02:30 did not exist on 09 March 2025 in America/New_York');
      // The repeated hour: explained, never OUT OF ORDER.
      expect(messages).not.toContain('OUT OF ORDER');
      expect(messages).toMatch(/0006 01:10 02 Nov 06:10 Alex Reed REPEATED HOUR \(UTC−05:00\)/);
      expect(messages).toContain("is 20 minutes after that message's 01:50 (UTC−04:00)");
      // The UTC column: 01:50 and 03:10 on 9 March are 20 minutes apart.
      expect(messages).toContain('Beside each time as recorded, the UTC date and time computed from it');
      expect(messages).toMatch(/0001 01:50 09 Mar 06:50 Sam Carter/);
      expect(messages).toMatch(/0003 03:10 09 Mar 07:10 Sam Carter/);
      expect(messages).toMatch(/0005 01:50 02 Nov 05:50 Sam Carter REPEATED HOUR \(UTC−04:00\)/);
    }
    expect(
      (await csvRows(out)).map((row) => [row['Time (as recorded)'], row['UTC time'], row['Flags']]),
    ).toEqual([
      ['01:50', '2025-03-09T06:50Z', ''],
      ['02:30', '', 'NO SUCH LOCAL TIME'],
      ['03:10', '2025-03-09T07:10Z', ''],
      ['10:00', '2025-03-15T14:00Z', ''],
      ['01:50', '2025-11-02T05:50Z', 'REPEATED HOUR (UTC−04:00)'],
      ['01:10', '2025-11-02T06:10Z', 'REPEATED HOUR (UTC−05:00)'],
      ['01:20', '2025-11-02T06:20Z', 'REPEATED HOUR (UTC−05:00)'],
      ['02:05', '2025-11-02T07:05Z', ''],
    ]);
    const chat = await chatData(out);
    expect(chat.processingOptions.utcColumn).toBe(true);
    expect(chat.messages.map((m) => [m.secondsRecorded, m.utc])).toEqual([
      [false, '2025-03-09T06:50Z'],
      [false, null],
      [false, '2025-03-09T07:10Z'],
      [false, '2025-03-15T14:00Z'],
      [false, '2025-11-02T05:50Z'],
      [false, '2025-11-02T06:10Z'],
      [false, '2025-11-02T06:20Z'],
      [false, '2025-11-02T07:05Z'],
    ]);
    // The manifest records the option, so --reproduce makes the same column.
    const unzipped = path.join(workDir, 'new-york-utc-package');
    await run('unzip', ['-q', path.join(out, 'evidence.zip'), '-d', unzipped]);
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      export: { processingOptions: Record<string, boolean> };
    };
    expect(manifest.export.processingOptions.utcColumn).toBe(true);
  }, 60_000);

  it('leaves the UTC column out unless asked, and keeps UTC in messages.csv and chat.json', async () => {
    const out = await convert('new-york', NEW_YORK_CHAT);
    const messages = (await messagePages(out)).replace(/ +/g, ' ');
    expect(messages).toMatch(/0001 01:50 Sam Carter/);
    expect(messages).not.toContain('09 Mar 06:50');
    expect(messages).not.toContain('Beside each time as recorded');
    expect(messages).toContain('Clocks went back 02:00 → 01:00');
    expect((await csvRows(out))[0]!['UTC time']).toBe('2025-03-09T06:50Z');
    expect((await chatData(out)).messages[0]!.utc).toBe('2025-03-09T06:50Z');
  }, 60_000);
});
