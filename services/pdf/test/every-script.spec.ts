import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeChatTranscripts } from './support/chat-transcripts';
import { paintedGlyphs } from './support/pdfjs';
import { SCRIPT_LINES } from './support/text-fixture';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
const ARTIFACTS = path.join(__dirname, '..', '..', '..', '.test-artifacts');
/** Letters, marks and digits: what must be drawn by a glyph of its own (or a ligature's part). */
const DRAWN = /[\p{L}\p{M}\p{N}]/u;

/** Each script's line as a message, from senders whose names are in Ethiopic and Tamil. */
const SENDERS = ['ሰላም ተስፋዬ', 'செல்வி முருகன்'];
const MESSAGES = SCRIPT_LINES.map(([, line], i) =>
  transcriptMessage(i + 1, { sender: SENDERS[i % 2]!, content: line }),
);

describe('a chat with a line in every script', () => {
  let dir: string;
  let files: { transcript: string; filing: string };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-scripts-'));
    files = await writeChatTranscripts(MESSAGES, SENDERS, dir);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(['transcript', 'filing'] as const)(
    'paints no replacement mark, empty box or dotted circle in the %s PDF',
    async (which) => {
      const glyphs = await paintedGlyphs(files[which]);
      expect(glyphs.length).toBeGreaterThan(1000);
      // A dotted circle (◌) is what shaping adds where a sign has no letter to sit on.
      const wrong = glyphs.filter(
        (glyph) => ['\uFFFD', '\u25CC'].includes(glyph.unicode) || glyph.code === 0,
      );
      expect(wrong).toEqual([]);
    },
    30_000,
  );

  it('paints a glyph for every letter, mark and digit of every line and sender', async () => {
    const painted = new Set(
      (await paintedGlyphs(files.transcript)).flatMap((glyph) => [...glyph.unicode.normalize('NFD')]),
    );
    // Shaping splits some vowel signs into their canonical parts (Tamil ோ into ெ and ா), each its
    // own glyph: a character is painted when its parts are.
    const isPainted = (char: string): boolean =>
      [...char.normalize('NFD')].every((part) => painted.has(part));
    const unpainted = [...SCRIPT_LINES, ...SENDERS.map((name) => ['sender', name] as const)].flatMap(
      ([script, line]) => {
        const missing = [...line].filter((char) => DRAWN.test(char) && !isPainted(char));
        return missing.length === 0 ? [] : [`${script}: ${missing.join(' ')}`];
      },
    );
    expect(unpainted).toEqual([]);
  }, 30_000);

  it('copies out as written what it draws in another order or form (Myanmar syllables, lone Hangul jamo) or with marks moved off the line (Thai, Lao, Tibetan)', async () => {
    const copied = (await run('pdftotext', ['-enc', 'UTF-8', files.transcript, '-'])).stdout;
    for (const script of ['Myanmar', 'Hangul jamo', 'Thai', 'Lao', 'Tibetan']) {
      const line = SCRIPT_LINES.find(([name]) => name === script)![1];
      // The decomposed 한글 is given back as written too: compare code point for code point.
      expect(copied).toContain(line);
    }
  });

  it('lists no character as not drawn on the cover', async () => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '3', files.transcript, '-']);
    expect(stdout).toContain('Completeness');
    expect(stdout).not.toContain('Characters not drawn');
  });

  it('renders the messages (saved to .test-artifacts/every-script-*.png for a look)', async () => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', files.transcript, '-']);
    const pages = stdout.split('\f');
    const first = pages.findIndex((page) => page.includes(SCRIPT_LINES[0]![1]));
    expect(first).toBeGreaterThanOrEqual(0);
    const prefix = path.join(dir, 'page');
    await run('pdftoppm', [
      '-r',
      '80',
      '-png',
      '-f',
      String(first + 1),
      '-l',
      String(first + 3),
      files.transcript,
      prefix,
    ]);
    const pngs = (await readdir(dir)).filter((name) => name.startsWith('page-')).sort();
    expect(pngs.length).toBeGreaterThan(0);
    await mkdir(ARTIFACTS, { recursive: true });
    for (const [i, png] of pngs.entries())
      await copyFile(path.join(dir, png), path.join(ARTIFACTS, `every-script-${i + 1}.png`));
  }, 30_000);
});
