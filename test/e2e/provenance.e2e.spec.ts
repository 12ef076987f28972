import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { runToEnd } from '../support/child-process';

const run = promisify(execFile);

/** Each entry's DOS date and time fields, by name, as yauzl reads them. */
async function entryTimes(zipPath: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  const zip = await yauzl.openPromise(zipPath);
  try {
    for await (const entry of zip.eachEntry()) {
      times.set(entry.fileName, entry.lastModFileDate * 0x10000 + entry.lastModFileTime);
    }
  } finally {
    zip.close();
  }
  return times;
}

const FOLDER = 'WhatsApp Chat - Ann Lee';
const CHAT = [
  '07/06/2023, 15:10 - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.',
  '07/06/2023, 15:11 - Sam Carter: Hello',
  '07/06/2023, 15:12 - Ann Lee: Hi',
  '07/06/2023, 15:13 - Sam Carter: IMG-20220607-WA0003.jpg (file attached)',
  '07/06/2023, 15:14 - Ann Lee left',
  '07/06/2023, 15:15 - Ann Lee: I am still here',
  '07/06/2023, 15:16 - Sam Carter: Same text',
  '07/06/2023, 15:16 - Sam Carter: Same text',
  '',
].join('\n');

/**
 * An Android export unpacked and compressed again in macOS Finder: everything inside a folder,
 * a __MACOSX/ folder of resource forks, and a notes file nobody's message attaches. Each entry
 * carries its own time.
 */
async function writeMacRezippedExport(zipPath: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const at = (minute: number) => new Date(Date.UTC(2023, 5, 8, 9, minute, 2 * minute));
  zip.addEmptyDirectory(`${FOLDER}/`, { mtime: at(1) });
  zip.addBuffer(Buffer.from(CHAT), `${FOLDER}/WhatsApp Chat with Ann Lee.txt`, { mtime: at(2) });
  zip.addBuffer(
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]),
    `${FOLDER}/IMG-20220607-WA0003.jpg`,
    { mtime: at(3), compress: false },
  );
  zip.addBuffer(Buffer.from('what I remember of the call\n'), `${FOLDER}/notes.txt`, { mtime: at(4) });
  zip.addEmptyDirectory('__MACOSX/', { mtime: at(5) });
  zip.addBuffer(Buffer.from([0, 5, 22, 7, 0, 2, 0, 0]), `__MACOSX/${FOLDER}/._notes.txt`, { mtime: at(6) });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));
}

describe('provenance of an upload, through `npm run convert`', () => {
  let workDir: string;
  let upload: string;
  let out: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-provenance-'));
    upload = path.join(workDir, 'WhatsApp Chat - Ann Lee.zip');
    out = path.join(workDir, 'out');
    await writeMacRezippedExport(upload);
    const { code, stderr } = await runToEnd('npm', [
      'run',
      'convert',
      '--',
      upload,
      '--out',
      out,
      '--tz',
      'UTC',
    ]);
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
  }, 120_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it.each(['transcript.pdf', 'transcript-filing.pdf'])(
    '%s flags a ZIP re-made in macOS Finder and the oddities of its messages, by message number',
    async (file) => {
      const text = (await run('pdftotext', ['-enc', 'UTF-8', path.join(out, file), '-'])).stdout;
      const cover = text.slice(text.indexOf('Provenance'), text.indexOf('What the SHA-256 value proves'));
      const flat = cover.replace(/\s+/g, ' ');
      for (const expected of [
        'The upload contains a __MACOSX/ folder (2 entries), which macOS adds when a user compresses files in Finder: this ZIP was probably made by a person, not by WhatsApp.',
        `The upload has folders (${FOLDER}/): WhatsApp's own export puts every file at the top level of the ZIP`,
        `2 files of the upload are named by no message: ${FOLDER}/notes.txt and __MACOSX/${FOLDER}/._notes.txt.`,
        'message 0006 by Ann Lee (after message 0005)',
        'message 0004 (IMG-20220607-WA0003.jpg: named 2022-06-07, message dated 2023-06-07, 365 days apart)',
        'Messages identical to the message before them (same time, sender and text): message 0008.',
        '6 entries (4 files, 2 folders)',
      ]) {
        expect(flat).toContain(expected);
      }
    },
  );

  it("keeps the upload's entry times on the originals inside evidence.zip, and lists every entry in manifest.json", async () => {
    const evidence = path.join(out, 'evidence.zip');
    const uploaded = await entryTimes(upload);
    const packaged = await entryTimes(evidence);
    const files = [...uploaded.keys()].filter((name) => !name.endsWith('/'));
    expect(files).toHaveLength(4);
    for (const name of files) {
      expect([name, packaged.get(`original/${name}`)]).toEqual([name, uploaded.get(name)]);
    }

    const unzipped = path.join(workDir, 'unzipped');
    await run('unzip', ['-q', evidence, 'manifest.json', '-d', unzipped]);
    const manifest = JSON.parse(await readFile(path.join(unzipped, 'manifest.json'), 'utf8')) as {
      export: {
        zipEntries: Array<{ path: string; kind: string; modified: string; modifiedUtc: string | null }>;
      };
    };
    expect(manifest.export.zipEntries.map(({ path: entryPath, kind }) => [entryPath, kind])).toEqual([
      [`${FOLDER}/`, 'folder'],
      [`${FOLDER}/WhatsApp Chat with Ann Lee.txt`, 'file'],
      [`${FOLDER}/IMG-20220607-WA0003.jpg`, 'file'],
      [`${FOLDER}/notes.txt`, 'file'],
      ['__MACOSX/', 'folder'],
      [`__MACOSX/${FOLDER}/._notes.txt`, 'file'],
    ]);
    // yazl records the UTC time beside the DOS time.
    expect(manifest.export.zipEntries[1]!.modifiedUtc).toBe('2023-06-08T09:02:04.000Z');
  });
});
