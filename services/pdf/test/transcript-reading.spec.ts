import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { formatRecordedDate, formatRecordedMonth } from '@chatexhibit/pdf/domain/transcript/time-zone';
import { TRANSCRIPT_TITLE } from '@chatexhibit/pdf/domain/transcript/transcript-copies';
import { transcriptMessage } from './support/transcript-message';
import { writeChatTranscripts } from './support/chat-transcripts';
import { type PdfjsOutlineEntry, type PdfjsReading, readWithPdfjs } from './support/pdfjs';

const run = promisify(execFile);
const FILES = ['transcript.pdf', 'transcript-filing.pdf'] as const;

/** Messages as people write them: blank lines inside, Arabic, Hebrew, Hebrew with Latin and digits, brackets. */
const TEXTS = [
  'Can you send me the invoice from last month?',
  'First, the deposit.\n\nSecond, the keys: I left them with the neighbour.',
  'مرحبا، سنلتقي الساعة العاشرة في مكتب المحامي.',
  'שלום לכולם! הפגישה נקבעה ל-10:30 ב-Room B2',
  'I sent the papers at 10:30. مرحبا، هل وصلت الأوراق؟ Thanks',
  'הפגישה נקבעה ל-10:30 ב-Room B2',
  'The landlord said the deposit would be returned by Friday, but nothing has arrived yet, so I will call the agency again on Monday morning.',
  'ok',
  'שלום, המסמכים אצלי',
  'Three paragraphs.\n\nThe middle one.\n\nAnd the last one.',
  'ראיתי את הפרק (עונה 3) אתמול [בערב]',
  'قال المحامي (بعد الجلسة): سنرسل [النسخة] غدا',
];
/** Messages a day, in turn: days of one message beside long days, so headings fall at every height of a page. */
const PER_DAY = [3, 1, 7, 2, 12, 1, 1, 5, 9, 2, 4, 1, 15, 3, 6];

/** 401 messages from 20 February to 13 May 2024, by two people. */
function chat(): TranscriptMessage[] {
  const messages: TranscriptMessage[] = [];
  for (let day = 0; messages.length < 400; day += 1) {
    const date = new Date(Date.UTC(2024, 1, 20 + day));
    for (let i = 0; i < PER_DAY[day % PER_DAY.length]!; i += 1) {
      const index = messages.length + 1;
      messages.push(
        transcriptMessage(index, {
          line: index,
          lineEnd: index,
          timestamp: `${date.toISOString().slice(0, 10)}T${String(8 + i).padStart(2, '0')}:15:00`,
          sender: index % 2 === 0 ? 'Sam Carter' : 'Alex Morgan',
          content: TEXTS[(index + day) % TEXTS.length]!,
        }),
      );
    }
  }
  return messages;
}

/** Whitespace as one space, so that a message's lines and paragraphs compare with how it was typed. */
const flat = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** What every page repeats (running header, footer, continued headings), which may fall inside a message. */
const PAGE_FURNITURE = [
  /^.*Transcript of WhatsApp chat export · .*$/gm,
  /^.* \(continued\)$/gm,
  /^Source SHA-256 .*$/gm,
  // pdftotext without -raw writes the footer's page number and Bates number as lines of their own.
  /^Page \d+ of \d+$/gm,
  /^CHAT\d{6}(?:-N)?$/gm,
];
const withoutFurniture = (page: string): string =>
  PAGE_FURNITURE.reduce((text, pattern) => text.replace(pattern, ''), page);

/** The messages' texts found one after the other in `text`: the ones not found where the last ended. */
function missingInOrder(text: string, messages: readonly TranscriptMessage[]): string[] {
  const all = flat(text);
  const missing: string[] = [];
  let from = 0;
  for (const message of messages) {
    const at = all.indexOf(flat(message.content), from);
    if (at < 0) missing.push(`${message.index}: ${message.content}`);
    else from = at + flat(message.content).length;
  }
  return missing;
}

/** Hebrew and Arabic letters and marks (not their punctuation, which bidi treats as neutral). */
const RIGHT_TO_LEFT_LETTER = '[\\u05d0-\\u05ea\\u0620-\\u065f]';
const RIGHT_TO_LEFT_WORD = new RegExp(`${RIGHT_TO_LEFT_LETTER}+`, 'g');
/** Right-to-left words with single spaces between them: no punctuation, digit or Latin letter inside. */
const RIGHT_TO_LEFT_STRETCH = new RegExp(`${RIGHT_TO_LEFT_LETTER}+(?: ${RIGHT_TO_LEFT_LETTER}+)*`, 'g');
/** poppler's embedding marks around the right-to-left and left-to-right parts of a line. */
const EMBEDDING_MARKS = /[\u202a-\u202e]/g;

/** The `pattern` matches in the messages that `text` lacks: a miscount lists the match as often as it falls short. */
function missingMatches(text: string, messages: readonly TranscriptMessage[], pattern: RegExp): string[] {
  const found = new Map<string, number>();
  for (const match of text.normalize('NFC').replace(EMBEDDING_MARKS, '').match(pattern) ?? [])
    found.set(match, (found.get(match) ?? 0) + 1);
  const missing: string[] = [];
  for (const message of messages) {
    for (const match of message.content.normalize('NFC').match(pattern) ?? []) {
      const left = found.get(match) ?? 0;
      if (left === 0) missing.push(`${message.index}: ${match}`);
      else found.set(match, left - 1);
    }
  }
  return missing;
}

describe('reading the transcript PDFs: bookmarks, headings, text layer', () => {
  const messages = chat();
  let dir: string;
  const pdfjs = new Map<string, PdfjsReading>();
  const raw = new Map<string, string[]>();
  /** pdftotext without -raw: text ordered by position, each line bidi-ordered by poppler. */
  const byPosition = new Map<string, string[]>();
  const rightToLeft = messages.filter((message) => /[\u0590-\u08ff]/.test(message.content));
  const leftToRight = messages.filter((message) => !rightToLeft.includes(message));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-reading-'));
    await writeChatTranscripts(messages, ['Sam Carter', 'Alex Morgan'], dir);
    for (const file of FILES) {
      pdfjs.set(file, await readWithPdfjs(path.join(dir, file)));
      const text = await run('pdftotext', ['-raw', '-enc', 'UTF-8', path.join(dir, file), '-'], {
        maxBuffer: 64 * 1024 * 1024,
      });
      raw.set(file, text.stdout.split('\f'));
      const ordered = await run('pdftotext', ['-enc', 'UTF-8', path.join(dir, file), '-'], {
        maxBuffer: 64 * 1024 * 1024,
      });
      byPosition.set(file, ordered.stdout.split('\f'));
    }
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(FILES)(
    '%s has bookmarks: the cover and its sections, each month with its days, the attachment register',
    (file) => {
      const { outline, pages } = pdfjs.get(file)!;
      expect(outline.map((entry) => entry.title)).toEqual(['Cover', 'Messages', 'Attachment register']);
      const [cover, byMonth, register] = outline as [PdfjsOutlineEntry, PdfjsOutlineEntry, PdfjsOutlineEntry];
      expect(cover.items.map((entry) => entry.title)).toEqual(
        expect.arrayContaining(['Examination', 'Contents', 'Time zone', 'Reading this transcript']),
      );
      const days = [...new Set(messages.map((message) => message.timestamp.slice(0, 10)))];
      const months = [...new Set(days.map((day) => day.slice(0, 7)))];
      expect(byMonth.items.map((month) => month.title)).toEqual(
        months.map((month) => formatRecordedMonth(`${month}-01`)),
      );
      expect(byMonth.items.map((month) => month.items.map((day) => day.title))).toEqual(
        months.map((month) => days.filter((day) => day.startsWith(month)).map(formatRecordedDate)),
      );
      // Each bookmark leads to the page that shows its heading.
      const entries = [cover, ...cover.items, ...byMonth.items.flatMap((month) => month.items), register];
      for (const entry of entries) {
        const title = entry.title === 'Cover' ? TRANSCRIPT_TITLE : entry.title;
        expect({ title, on: pages[entry.page! - 1]!.includes(title) }).toEqual({ title, on: true });
      }
    },
  );

  it('puts every bookmark on the same page in both PDFs', () => {
    const pagesOf = (entries: PdfjsOutlineEntry[]): unknown[] =>
      entries.map((entry) => [entry.title, entry.page, pagesOf(entry.items)]);
    expect(JSON.stringify(pagesOf(pdfjs.get('transcript.pdf')!.outline)).split('"').length).toBeGreaterThan(
      100,
    );
    expect(pagesOf(pdfjs.get('transcript-filing.pdf')!.outline)).toEqual(
      pagesOf(pdfjs.get('transcript.pdf')!.outline),
    );
  });

  it.each(FILES)('%s keeps each date heading with a message under it on the same page', (file) => {
    const date = /^\d{2} [A-Z][a-z]+ \d{4}$/;
    let continued = 0;
    for (const page of raw.get(file)!) {
      const lines = page.split('\n').filter((line) => line !== '');
      lines.forEach((line, i) => {
        const next = lines[i + 1] ?? '(end of page)';
        if (/^\d{2} [A-Z][a-z]+ \d{4} \(continued\)$/.test(line)) {
          continued += 1;
          // A page that starts a new day does not first repeat the day before.
          expect({ line, next, newDate: date.test(next) }).toEqual({ line, next, newDate: false });
        } else if (date.test(line)) {
          // A message row starts with its number.
          expect({ line, next, message: /^\d{4} /.test(next) }).toEqual({ line, next, message: true });
        }
      });
    }
    expect(continued).toBeGreaterThan(5);
  });

  it.each(FILES)(
    '%s reads in pdf.js with every message whole and in order, right-to-left and mixed lines as written',
    (file) => {
      const text = pdfjs.get(file)!.pages.map(withoutFurniture).join('\n');
      expect(missingInOrder(text, messages)).toEqual([]);
    },
  );

  it.each(FILES)(
    '%s copies out with pdftotext -raw with every left-to-right message whole and in order, blank lines inside too',
    (file) => {
      const text = raw.get(file)!.map(withoutFurniture).join('\n');
      expect(missingInOrder(text, leftToRight)).toEqual([]);
    },
  );

  it.each(FILES)(
    '%s copies out with pdftotext -raw with every right-to-left word whole, its letters in logical order',
    (file) => {
      expect(rightToLeft.length).toBeGreaterThan(100);
      expect(missingMatches(raw.get(file)!.join('\n'), rightToLeft, RIGHT_TO_LEFT_WORD)).toEqual([]);
    },
  );

  it.each(FILES)(
    '%s copies out with pdftotext with every left-to-right message of one paragraph whole and in order, and every right-to-left stretch whole and logical',
    (file) => {
      const text = byPosition.get(file)!;
      // A blank line inside a message lets the line reference on the right fall between its paragraphs.
      const oneParagraph = leftToRight.filter((message) => !message.content.includes('\n\n'));
      expect(oneParagraph.length).toBeGreaterThan(100);
      expect(missingInOrder(text.map(withoutFurniture).join('\n'), oneParagraph)).toEqual([]);
      // Stretches, not whole lines: poppler writes a line that mixes them with digits, Latin words
      // or punctuation in the visual order of its parts on a page of mostly left-to-right letters.
      expect(missingMatches(text.join('\n'), rightToLeft, RIGHT_TO_LEFT_STRETCH)).toEqual([]);
    },
  );
});

describe('the time columns when the UTC column is shown', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-utc-heads-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // An Android export records minutes only, so its time column is narrower than the word above it.
  it.each([false, true])('heads them apart, seconds recorded: %s', async (secondsRecorded) => {
    const messages = [1, 2, 3].map((index) =>
      transcriptMessage(index, { sender: 'Sam', timestamp: `2024-03-01T08:0${index}:00`, secondsRecorded }),
    );
    const { transcript } = await writeChatTranscripts(messages, ['Sam'], dir, { utcColumn: true });
    const { stdout } = await run('pdftotext', ['-layout', transcript, '-']);
    expect(stdout).toMatch(/^\s*Recorded\s+UTC\s*$/m);
  });
});
