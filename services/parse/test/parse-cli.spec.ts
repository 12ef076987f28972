// The command line as a user runs it, on the built JavaScript (the suite runs after
// `npm run build`): JSON on stdout for a chat text or an export ZIP; for bad input one clear line
// on stderr and exit code 1, never a stack trace.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToEnd } from '../../../test/support/child-process';
import { fixtureBytes } from './support/fixtures';
import { zipArchive } from './support/zip-writer';

const chatText = fixtureBytes('ios-dmy.txt');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chatexhibit-parse-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** `node services/parse/dist/cli/parse-cli.js …`, its output as lines. */
async function run(...args: string[]): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  const { code, stdout, stderr } = await runToEnd(process.execPath, [
    'services/parse/dist/cli/parse-cli.js',
    ...args,
  ]);
  const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  return { code, stdout: lines(stdout), stderr: lines(stderr) };
}

describe('parse CLI', () => {
  it('prints a chat text as compact JSON on one line', async () => {
    const { code, stdout, stderr } = await run(file('_chat.txt', chatText));
    expect([code, stderr]).toEqual([0, []]);
    expect(stdout).toHaveLength(1);
    expect(stdout[0]).toMatch(/^\{"messages":\[\{"index":1,/);
    const json = JSON.parse(stdout[0]);
    expect(Object.keys(json)).toEqual(['messages', 'participants', 'dateOrder', 'warnings']);
    expect(json.messages[5]).toEqual({
      index: 6,
      timestamp: '2023-09-07T08:02:00',
      sender: 'Hannah',
      raw: '\u200E<attached: 00000012-PHOTO-2023-09-07-08-02-00.jpg>\nBoarding pass',
      content: 'Boarding pass',
      type: 'image',
      attachment: '00000012-PHOTO-2023-09-07-08-02-00.jpg',
      line: 6,
    });
    expect(json.participants).toEqual(['Hannah', 'Tom Jones', '+39 333 123-4567']);
    expect(json.dateOrder).toBe('DMY');
    expect(json.messages).toHaveLength(20);
  });

  it('indents the JSON with --pretty', async () => {
    const { code, stdout } = await run('--pretty', file('_chat.txt', chatText));
    expect(code).toBe(0);
    const text = stdout.join('\n');
    expect(text).toMatch(/^\{\n {2}"messages": \[\n {4}\{\n {6}"index": 1,/);
    expect(JSON.parse(text).messages).toHaveLength(20);
  });

  it('run through npm as a user runs it, writes only the JSON to stdout', async () => {
    const { code, stdout } = await runToEnd('npm', ['run', '-s', 'parse', '--', file('_chat.txt', chatText)]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).messages).toHaveLength(20);
  });

  it('finds the chat text in a ZIP the user made, and names the file it chose', async () => {
    const zip = file(
      'mine.zip',
      zipArchive([
        { path: 'notes.txt', data: 'not a chat\n' },
        { path: '__MACOSX/chat/._chat.txt', data: 'junk' },
        { path: 'chat/conversation.txt', data: chatText },
        { path: 'chat/00000012-PHOTO-2023-09-07-08-02-00.jpg', data: new Uint8Array([0xff, 0xd8, 0xff]) },
      ]),
    );
    const { code, stdout } = await run(zip);
    expect(code).toBe(0);
    const json = JSON.parse(stdout[0]);
    expect(json.messages).toHaveLength(20);
    expect(json.warnings[0]).toBe(
      '"chat/conversation.txt" was taken as the chat text among 2 text files: it has 20 message headers ("notes.txt" 0 message headers).',
    );
  });

  it('reads a WhatsApp ZIP with one chat text without a choice to report', async () => {
    const { code, stdout } = await run(
      file('WhatsApp Chat - Trip.zip', zipArchive([{ path: '_chat.txt', data: chatText }])),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout[0]).warnings).toEqual([
      "1 line starts like a message header but does not match the file's header format, so the text was kept in the message before: line 24.",
    ]);
  });

  it.each([
    ['a missing file', () => join(dir, 'missing.txt'), /^parse: cannot read .*missing\.txt: no such file$/],
    ['a folder', () => dir, /^parse: cannot read .*: it is a folder, not a file$/],
    ['a .zip that is no ZIP', () => file('fake.zip', 'hello'), /^parse: .*fake\.zip is not a ZIP archive\.$/],
    [
      'a damaged ZIP',
      () => file('damaged.zip', zipArchive([{ path: '_chat.txt', data: chatText }]).subarray(0, 60)),
      /^parse: .*damaged\.zip is not a readable ZIP archive: /,
    ],
    [
      'a ZIP without a text file',
      () => file('photos.zip', zipArchive([{ path: 'a.jpg', data: 'x' }])),
      /^parse: no chat text found: .*photos\.zip holds no \.txt file\.$/,
    ],
    [
      'a ZIP whose text files are no chat',
      () => file('notes.zip', zipArchive([{ path: 'notes.txt', data: 'hello\n' }])),
      /^parse: no chat text found: no text file in .*notes\.zip holds a WhatsApp message header \(notes\.txt\)\.$/,
    ],
    [
      'an encrypted chat text',
      () => file('locked.zip', zipArchive([{ path: '_chat.txt', data: chatText, encryptedFlag: true }])),
      /^parse: _chat\.txt in the ZIP is encrypted; export the chat again without a password\.$/,
    ],
    [
      'a text file that is no chat',
      () => file('notes.txt', 'hello\n'),
      /^parse: .*notes\.txt holds no WhatsApp message header; it is not a chat text\.$/,
    ],
  ])('rejects %s with one clear line and exit code 1', async (_, path, message) => {
    const { code, stdout, stderr } = await run(path());
    expect(code).toBe(1);
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(message);
    expect(stderr[0]).not.toMatch(/\n\s+at /);
  });

  it('prints the usage without exactly one file, for --help and for an unknown option', async () => {
    for (const args of [[], ['a', 'b'], ['--help'], ['--compact', 'a']]) {
      expect(await run(...args)).toEqual({
        code: 1,
        stdout: [],
        stderr: ['usage: npm run parse -- <chat.txt | export.zip> [--pretty]'],
      });
    }
  });
});
