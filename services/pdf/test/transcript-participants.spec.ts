import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import {
  type ExportFacts,
  ExportFactsSchema,
  ProcessingOptionsSchema,
} from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { renderExportDocuments } from '@chatexhibit/pdf/domain/render-export-documents';
import {
  PARTICIPANT_COLOURS,
  PARTICIPANT_MARKS,
  participantMarks,
} from '@chatexhibit/pdf/domain/transcript/participant-marks';
import type { ExportSource } from '@chatexhibit/pdf/domain/transcript/transcript-source';
import { drawingOperators } from './support/pdf-operators';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

const GENERATED_AT = new Date('2026-11-23T09:15:00.000Z');
/** A five-person group, in order of first message; the fourth is a phone number. */
const PEOPLE = ['Alex Rivera', 'Sam Carter', 'Priya Natarajan', '+44 7700 900123', 'Jordan Lee'];
const TEXT_COLOUR = '#0f172a';
/** Dots per inch the pages are rendered at to read their colours. */
const DPI = 144;

/** A text-only group chat of five messages, one from each person, as the CLI hands it to the core. */
async function groupSource(root: string, facts: Partial<ExportFacts>): Promise<ExportSource> {
  const dir = await mkdtemp(path.join(root, 'group-'));
  const chatText = Buffer.from('the chat text\n');
  const chatFile = path.join(dir, '_chat.txt');
  await writeFile(chatFile, chatText);
  const upload = path.join(dir, 'WhatsApp Chat - Flat 4B.zip');
  await writeFile(upload, Buffer.from('PK\u0003\u0004 stands in for the upload'));
  const messages: TranscriptMessage[] = PEOPLE.map((sender, i) =>
    transcriptMessage(i + 1, {
      timestamp: `2024-03-14T09:0${i}:00`,
      sender,
      content: `Message ${i + 1}: the deposit forms are due on Friday.`,
    }),
  );
  return {
    exportReference: 'CE-FK9E-D9YK-P6G3',
    facts: ExportFactsSchema.parse({
      originalFilename: 'WhatsApp Chat - Flat 4B.zip',
      fileHash: sha256(await readFile(upload)),
      uploadSizeBytes: (await readFile(upload)).length,
      options: {},
      timeZone: 'Europe/London',
      batesPrefix: null,
      receivedAt: '2026-11-23T08:00:00.000Z',
      ...facts,
    }),
    chat: {
      chatFile: '_chat.txt',
      participants: PEOPLE,
      warnings: [],
      format: 'android',
      calendar: 'gregorian',
      dateOrder: 'dmy',
      encoding: 'utf-8',
    },
    async *messages() {
      yield messages;
    },
    entries: [{ path: '_chat.txt', key: chatFile, size: chatText.length, sha256: sha256(chatText) }],
    folders: [],
    media: [],
    mediaComponents: { ffmpeg: '6.1.1' },
    uploadKey: upload,
    files: { open: async (key) => createReadStream(key) },
    verifyUrl: null,
    sourceUrl: null,
  };
}

interface Box {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

interface Rendered {
  dir: string;
  pages: number;
  /** Every page's pixels (RGB), rendered at DPI. */
  pixels: Array<{ data: Buffer; width: number }>;
  /** Where each word is, as pdftotext -bbox gives it, in points. */
  words: Array<Box & { text: string }>;
}

/** Renders the transcript of `source` and reads back its pages' pixels and words. */
async function render(root: string, name: string, source: ExportSource): Promise<Rendered> {
  const dir = path.join(root, name);
  await mkdir(dir);
  await renderExportDocuments(source, dir, GENERATED_AT);
  const pdf = path.join(dir, 'transcript.pdf');
  const pages = Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [pdf])).stdout)![1]);
  await run('pdftoppm', ['-r', String(DPI), '-png', pdf, path.join(dir, 'page')]);
  const pngs = (await readdir(dir)).filter((file) => /^page-\d+\.png$/.test(file)).sort();
  const pixels = await Promise.all(
    pngs.map(async (png) => {
      const { data, info } = await sharp(path.join(dir, png))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width };
    }),
  );
  const xml = (await run('pdftotext', ['-bbox', pdf, '-'])).stdout;
  const words: Rendered['words'] = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
      line,
    );
    if (word) {
      const [xMin, yMin, xMax, yMax] = word.slice(1, 5).map(Number) as [number, number, number, number];
      words.push({ page, xMin, yMin, xMax, yMax, text: word[5]! });
    }
  }
  return { dir, pages, pixels, words };
}

const hex = (rgb: readonly number[]): string =>
  `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** The darkest pixel's colour inside a box (points): the ink of text or a mark, not its edge's blend with white. */
function ink(rendered: Rendered, box: Box): string {
  const { data, width } = rendered.pixels[box.page - 1]!;
  const scale = DPI / 72;
  let darkest: number[] = [255, 255, 255];
  for (let y = Math.floor(box.yMin * scale); y < Math.ceil(box.yMax * scale); y += 1) {
    for (let x = Math.floor(box.xMin * scale); x < Math.ceil(box.xMax * scale); x += 1) {
      const at = (y * width + x) * 3;
      const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
      if (pixel.reduce((a, b) => a + b) < darkest.reduce((a, b) => a + b)) darkest = pixel;
    }
  }
  return hex(darkest);
}

/**
 * The participants' marks a PDF draws, in drawing order (the participant table's, then the
 * messages'), each as its shape and colour read from its path: a circle is four curves, a square
 * a rectangle, the rest polygons by their corners; stroked ones are the open shapes.
 */
async function marksDrawn(
  rendered: Rendered,
  file = 'transcript.pdf',
): Promise<Array<{ shape: string; colour: string }>> {
  const operators = await drawingOperators(path.join(rendered.dir, file));
  const marks = /q\n([^Q]*?)\n(?:1 w\n)?\/DeviceRGB (?:cs|CS)\n([\d.]+ [\d.]+ [\d.]+) (?:scn|SCN)\n(f|S)\nQ/g;
  // A rule under a heading is a path too, stroked half a point wide: not a mark.
  const drawn = [...operators.matchAll(marks)].filter(([, path]) => !/ w$/m.test(path!));
  return drawn.map(([, path, rgb, paint]) => {
    const filled = paint === 'f';
    const corners = [...path!.matchAll(/[\d.]+ ([\d.]+) [ml]\n/g)].map(([, y]) => Number(y));
    const kind = path!.includes(' re')
      ? 'square'
      : path!.split(' c\n').length === 5
        ? 'circle'
        : corners.length === 3
          ? corners[0]! < corners[1]!
            ? 'triangle'
            : 'triangle-down'
          : corners.length === 4
            ? 'diamond'
            : corners.length === 10
              ? 'star'
              : `a path of ${corners.length} corners`;
    const shape = filled ? kind : ({ square: 'square-outline', circle: 'ring' }[kind] ?? `open ${kind}`);
    return { shape, colour: hex(rgb!.split(' ').map((channel) => Math.round(Number(channel) * 255))) };
  });
}

/** Close enough to be the same colour once rendered (anti-aliasing shifts a channel by a few steps). */
const near = (a: string, b: string): boolean =>
  [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 24);

/**
 * Each person's first word on their message (the last place it appears: the cover's participant
 * table comes first, and no message text names anyone), and the box just left of it where their
 * mark is.
 */
function senderBoxes(rendered: Rendered): Array<{ person: string; name: Box; mark: Box }> {
  return PEOPLE.map((person) => {
    const name = rendered.words.findLast((word) => word.text === person.split(' ')[0])!;
    const mark = { ...name, xMin: name.xMin - 12, xMax: name.xMin - 2 };
    return { person, name, mark };
  });
}

describe('the transcript of a small group', () => {
  let root: string;
  let plain: Rendered;
  let marked: Rendered;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-participants-'));
    plain = await render(root, 'plain', await groupSource(root, {}));
    marked = await render(
      root,
      'account',
      await groupSource(root, {
        examination: {
          caseNumber: null,
          exhibitNumber: null,
          preparedBy: null,
          // Typed without the spaces the export shows: the same number.
          exportingAccount: '+447700900123',
        },
      }),
    );
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('gives five people five colours, each on their name and their mark', () => {
    const boxes = senderBoxes(plain);
    const names = boxes.map(({ name }) => ink(plain, name));
    const marks = boxes.map(({ mark }) => ink(plain, mark));
    // The palette's first five, in order of first message, on both the name and its mark.
    boxes.forEach((_, i) => {
      expect({
        i,
        name: near(names[i]!, PARTICIPANT_COLOURS[i]!),
        mark: near(marks[i]!, PARTICIPANT_COLOURS[i]!),
      }).toEqual({ i, name: true, mark: true });
    });
    expect(new Set(PARTICIPANT_COLOURS.slice(0, 5)).size).toBe(5);
  });

  it('gives each person a mark of their own shape, in the table and on their messages, so greyscale print still tells them apart', async () => {
    const table = PARTICIPANT_MARKS.slice(0, 5).map((shape, i) => ({
      shape,
      colour: PARTICIPANT_COLOURS[i],
    }));
    expect(await marksDrawn(plain)).toEqual([...table, ...table]);
    expect(await marksDrawn(plain, 'transcript-filing.pdf')).toEqual([...table, ...table]);
  });

  it('marks the exporting account with the star, in the table and on its messages', async () => {
    // The fourth person, the account's phone number, has the star instead of the diamond, in
    // the table and on their message; everyone else keeps their mark; the filing copy the same.
    const drawn = await marksDrawn(marked);
    const fourth = ['circle', 'triangle', 'square', 'star', 'triangle-down'];
    expect(drawn.map(({ shape }) => shape)).toEqual([...fourth, ...fourth]);
    expect([drawn[3]!.colour, drawn[8]!.colour]).toEqual([PARTICIPANT_COLOURS[3], PARTICIPANT_COLOURS[3]]);
    expect(await marksDrawn(marked, 'transcript-filing.pdf')).toEqual(drawn);
    const text = (await run('pdftotext', ['-layout', path.join(marked.dir, 'transcript.pdf'), '-'])).stdout;
    expect(text).toMatch(/\+44 7700 900123 \(exporting account\)/);
    expect(text.match(/\(exporting account\)/g)).toHaveLength(1);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'the star marks the account the chat was exported from, as stated in Examination',
    );
  });

  it('draws names in the text colour without highlighting, keeps the marks, and marks no one for an account no name matches', async () => {
    const grey = await render(
      root,
      'no-highlight',
      await groupSource(root, {
        options: ProcessingOptionsSchema.parse({ highlightSenders: false }),
        examination: { caseNumber: null, exhibitNumber: null, preparedBy: null, exportingAccount: 'Sam' },
      }),
    );
    const text = (await run('pdftotext', ['-layout', path.join(grey.dir, 'transcript.pdf'), '-'])).stdout;
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Each participant\'s messages carry the mark shown here. No participant\'s name matches the stated exporting account, "Sam", so no one is marked as it.',
    );
    expect(text).not.toContain('(exporting account)');
    const boxes = senderBoxes(grey);
    for (const { name, mark } of boxes) {
      expect(near(ink(grey, name), TEXT_COLOUR)).toBe(true);
      expect(near(ink(grey, mark), TEXT_COLOUR)).toBe(true);
    }
    const marks = await marksDrawn(grey);
    expect(marks.map(({ shape }) => shape)).toEqual([
      ...PARTICIPANT_MARKS.slice(0, 5),
      ...PARTICIPANT_MARKS.slice(0, 5),
    ]);
    expect(new Set(marks.map(({ colour }) => colour))).toEqual(new Set([TEXT_COLOUR]));
  }, 60_000);

  it('fits a small export, cover, messages and register, in two pages', () => {
    expect(plain.pages).toBeLessThanOrEqual(2);
    expect(marked.pages).toBeLessThanOrEqual(2);
  });

  it('states each cover fact once', async () => {
    const source = await groupSource(root, {});
    const text = (await run('pdftotext', ['-layout', path.join(plain.dir, 'transcript.pdf'), '-'])).stdout;
    // The full hash once (the footers carry its first 16 digits), under the one label.
    expect(text.split(source.facts.fileHash)).toHaveLength(2);
    expect(text).toMatch(new RegExp(`Source SHA-256 +${source.facts.fileHash}`));
    expect(text.split('23 Nov 2026, 09:15')).toHaveLength(2);
    for (const gone of ['Generated On', 'File SHA-256', 'Participants ']) expect(text).not.toContain(gone);
  });
});

describe('participantMarks', () => {
  it('cycles six colours and seven marks, so the first 42 people differ in one or the other', () => {
    const people = Array.from({ length: 43 }, (_, i) => `Person ${i + 1}`);
    const { byName } = participantMarks(people, null);
    const pairs = people.map((name) => `${byName.get(name)!.colour} ${byName.get(name)!.shape}`);
    expect(new Set(pairs.slice(0, 42)).size).toBe(42);
    // The 43rd starts both cycles again.
    expect(pairs[42]).toBe(pairs[0]);
    expect(byName.get('Person 7')!.colour).toBe(byName.get('Person 1')!.colour);
    expect(byName.get('Person 8')!.shape).toBe(byName.get('Person 1')!.shape);
  });

  it('finds the exporting account by exact name, loosely only when one name matches, never by guess', () => {
    const people = ['Sam', 'Sam ', '\u202a+44 7700 900123\u202c', 'Jordan Lee'];
    expect(participantMarks(people, 'Sam').exportingAccount).toBe('Sam');
    expect(participantMarks(people, 'jordan  lee').exportingAccount).toBe('Jordan Lee');
    expect(participantMarks(people, '+447700900123').exportingAccount).toBe(people[2]);
    // "sam" matches two participants the export keeps apart: no one is marked.
    expect(participantMarks(people, 'sam').exportingAccount).toBeNull();
    expect(participantMarks(people, 'Priya').exportingAccount).toBeNull();
    const { byName } = participantMarks(people, 'Jordan Lee');
    expect([...byName.values()].map((mark) => mark.exportingAccount)).toEqual([false, false, false, true]);
    expect(byName.get('Jordan Lee')!.shape).toBe('star');
  });
});
