import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { FontSet } from '../text/font-set';
import { lineHeight, type TextLayout } from '../text/text-layout';
import { messageNumber } from '@chatexhibit/proto/message-number';
import type { CoverRows } from './cover-content';
import { writeCoverRows } from './cover-writer';
import type { PageFurniture } from './page-furniture';
import type { RowStarts } from './row-starts';
import { formatRecordedMoment, formatRecordedMonth } from './time-zone';
import type { TranscriptContext } from './transcript-context';
import { COLOUR, FOOTER_RAISE, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import {
  CONTENT_WIDTH,
  type CopySetup,
  type CopyText,
  createDocument,
  type OutlineOptions,
  PAGE,
  PastWindowError,
  TwinPages,
} from './twin-pages';

/** A volume's front matter: its cover and its index of dates, before its pages of the document. */
export const FRONT_MATTER = { cover: 1, index: 2, pages: 2 } as const;

/** A volume of the set as every volume's cover lists it. */
export interface VolumeListing {
  number: number;
  /** Its pages of the document: "pages 235–468". */
  pages: string;
  /** Its Bates range, "CHAT000235–CHAT000468"; null without Bates numbers. */
  bates: string | null;
  /** Its messages and their recorded dates: "messages 0412–0440 · 12 Mar 2024 to 03 Apr 2024". */
  contents: string;
}

/** What a volume's front matter says, once its pages are drawn. */
export interface VolumeCover<Copy extends string> {
  /** The running header of the front pages. */
  header: CopyText<Copy>;
  title: string;
  /** Which copy and volume: "Court-filing copy (PDF/A-2b) · Volume 2 of 5". */
  subtitle: CopyText<Copy>;
  rows: CoverRows;
  paragraphs: readonly CopyText<Copy>[];
  /** The set's volumes, this one among them. */
  set: readonly VolumeListing[];
  number: number;
  /** The footer of the front pages, which says they are not pages of the document. */
  footer: string;
}

/** What a volume's pages hold: the messages with any part on them and their recorded days. */
export interface VolumeContents {
  messages: { first: number; last: number } | null;
  days: { first: string; last: string } | null;
  /** The messages whose pictures are drawn on its pages, in order. */
  pictures: number[];
}

/** A volume of a document: its pages `first` to `last` of the document's `pageCount`, in each copy. */
export interface VolumeWindow<Copy extends string> {
  /** "Volume 2 of 5". */
  name: string;
  first: number;
  last: number;
  pageCount: number;
  /** Each copy's metadata and PDF/A (and redaction), and the stream its volume file is written to. */
  setup: Readonly<Record<Copy, CopySetup>>;
  out: Readonly<Record<Copy, Writable>>;
  /** The copies whose texts take room in the document's layout (those of `setup` by default). */
  laidOut: readonly Copy[] | null;
  /** Where the rows of the document's layout start, shared by every volume of it (see PageWindow). */
  rowStarts: RowStarts;
}

/**
 * Writes one volume of a document in each of its copies: its front matter (a cover and an index
 * of dates, with their bookmarks), then the document's pages `first` to `last`, laid out by
 * `layOut` as the unsplit document was (the pages before only laid out, from the last row start
 * an earlier volume recorded before them; the layout stopped after the window), with their own
 * page and Bates numbers. The page
 * labels read i, ii, then the printed page numbers. `cover` says what the front matter says, once
 * the pages are known. Resolves to the volume's page count and what its pages hold.
 */
export async function writeVolumeWindow<Copy extends string>(
  layout: TextLayout,
  window: VolumeWindow<Copy>,
  context: (pages: TwinPages<Copy>) => TranscriptContext<Copy>,
  layOut: (context: TranscriptContext<Copy>) => Promise<void>,
  cover: (contents: VolumeContents) => VolumeCover<Copy>,
): Promise<{ pageCount: number; contents: VolumeContents }> {
  const copies = Object.keys(window.setup) as Copy[];
  const into = Object.fromEntries(
    copies.map((copy) => {
      const doc = createDocument(window.setup[copy].info, window.setup[copy].pdfA);
      doc.pipe(window.out[copy]);
      frontMatterPages(doc, window.name);
      return [copy, doc];
    }),
  ) as Record<Copy, PDFKit.PDFDocument>;
  const pages = new TwinPages(layout, window.setup, FontSet.shared(), window.laidOut, {
    first: window.first,
    last: window.last,
    pageCount: window.pageCount,
    into,
    rowStarts: window.rowStarts,
  });
  const drawn = context(pages);
  const front = new VolumeFrontPages(pages, drawn.furniture);
  try {
    await layOut(drawn);
  } catch (error) {
    // The window's last page is drawn: what would go on the next is another volume's.
    if (!(error instanceof PastWindowError)) throw error;
  }
  drawn.furniture.footers();
  const contents = { messages: front.messageRange, days: front.dayRange, pictures: front.pictures };
  front.finish(cover(contents));
  for (const copy of copies) setPageLabels(into[copy], window.first);
  const pageCount = into[copies[0]!].bufferedPageRange().count;
  pages.end();
  await Promise.all(copies.map((copy) => finished(window.out[copy])));
  return { pageCount, contents };
}

/** The volume's first pages, its cover and its index, and their bookmarks, ahead of everything else. */
function frontMatterPages(doc: PDFKit.PDFDocument, name: string): void {
  // The page width as left puts the destination at 0 (see TwinPages.bookmark).
  const top: OutlineOptions = { top: PAGE.top, left: PAGE.width };
  doc.outline.addItem(`Volume cover: ${name}`, top);
  doc.addPage();
  doc.outline.addItem('Index of dates', top);
}

/**
 * The page labels a PDF reader shows (PDF 32000-1 12.4.2): the front matter i, ii; then the
 * document's pages as they are printed, from `firstPage`. pdfkit has no call for it.
 */
function setPageLabels(doc: PDFKit.PDFDocument, firstPage: number): void {
  const root = (doc as unknown as { _root: { data: Record<string, unknown> } })._root;
  root.data.PageLabels = { Nums: [0, { S: 'r' }, FRONT_MATTER.pages, { S: 'D', St: firstPage }] };
}

/** A day on a volume's pages, for its index: the page (as printed) and the named destination there. */
interface DayStart {
  label: string;
  day: string;
  page: number;
  destination: string;
}

/** Columns of the index page, and of the cover's list of the set's volumes (x from the margin). */
const INDEX_COLUMNS = 3;
const SET_COLUMNS = { number: 0, pages: 56, bates: 160 } as const;
const ROW_HEIGHT = lineHeight(STYLE.value) + 2;

/**
 * What a volume's front matter needs to know of the window of pages it comes before: the days on
 * them, each with a named destination where its heading is (or, for a day continued from the page
 * before the window, at the window's top), and the messages with any part on them. Watches the
 * layout through the furniture's hooks; draws the cover and the index once the window is drawn.
 */
class VolumeFrontPages<Copy extends string> {
  private readonly days: DayStart[] = [];
  /** The first and last message with any part on the window's pages. */
  private messages: { first: number; last: number } | null = null;
  /** The message whose row is being drawn. */
  private open: number | null = null;
  /** The messages whose pictures are drawn on the window's pages. */
  readonly pictures: number[] = [];

  constructor(
    private readonly pages: TwinPages<Copy>,
    furniture: PageFurniture<Copy>,
  ) {
    const continued = pages.onNewPage;
    pages.onNewPage = () => {
      if (pages.pageNumber === pages.window?.first) {
        if (this.open !== null) this.messageOn(this.open);
        if (furniture.day !== null) this.dayOn(furniture.day, true);
      }
      continued();
    };
    furniture.onDay = (day) => {
      if (pages.inWindow) this.dayOn(day, false);
    };
    pages.onPicture = () => {
      if (this.open !== null && this.pictures.at(-1) !== this.open) this.pictures.push(this.open);
    };
    furniture.onRow = (index, edge) => {
      this.open = edge === 'start' ? index : null;
      if (edge === 'start' && pages.inWindow) this.messageOn(index);
    };
  }

  /** The first and last message with any part on the window's pages; null when none has. */
  get messageRange(): { first: number; last: number } | null {
    return this.messages;
  }

  /** The recorded days on the window's pages, in order. */
  get dayRange(): { first: string; last: string } | null {
    const days = this.days.map((start) => start.day).sort();
    return days.length === 0 ? null : { first: days[0]!, last: days.at(-1)! };
  }

  /** Draws the cover and the index; call once the window's pages are drawn. */
  finish(cover: VolumeCover<Copy>): void {
    this.pages.frontMatter(FRONT_MATTER.cover, () => {
      this.header(cover);
      this.drawCover(cover);
    });
    this.pages.frontMatter(FRONT_MATTER.index, () => {
      this.header(cover);
      this.drawIndex();
    });
  }

  private messageOn(index: number): void {
    this.messages = { first: this.messages?.first ?? index, last: index };
  }

  private dayOn(day: string, continued: boolean): void {
    const { pages } = this;
    // Padded, so the names sort as the days come (a name tree is sorted).
    const destination = `day-${String(this.days.length + 1).padStart(6, '0')}`;
    pages.draw((doc) => doc.addNamedDestination(destination, 'XYZ', 0, pages.y, null));
    const date = formatRecordedMoment(day, false);
    this.days.push({
      label: continued ? `${date} (continued)` : date,
      day,
      page: pages.pageNumber,
      destination,
    });
  }

  /** The front pages' running header and footer. */
  private header(cover: VolumeCover<Copy>): void {
    const { pages } = this;
    pages.paragraph(cover.header, PAGE.margin, CONTENT_WIDTH, STYLE.meta, COLOUR.muted);
    pages.y += SPACE.belowRunningHeader;
    pages.textAt(cover.footer, PAGE.margin, PAGE.height - FOOTER_RAISE, STYLE.footer, COLOUR.muted, {
      align: 'center',
      width: CONTENT_WIDTH,
    });
  }

  private drawCover(cover: VolumeCover<Copy>): void {
    const { pages } = this;
    const x = PAGE.margin;
    pages.paragraph(cover.title, x, CONTENT_WIDTH, STYLE.title, COLOUR.heading);
    pages.paragraph(cover.subtitle, x, CONTENT_WIDTH, STYLE.subtitle, COLOUR.text);
    pages.y += SPACE.aboveSection;
    writeCoverRows(pages, cover.rows);
    for (const text of cover.paragraphs) {
      pages.y += SPACE.afterText;
      pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
    }
    pages.y += SPACE.aboveSection;
    pages.paragraph('Volumes of this set', x, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(x, CONTENT_WIDTH, COLOUR.rule);
    pages.y += SPACE.afterText;
    // The cover is one page: a set too long for it is listed around this volume, and says so.
    const perVolume = 2 * ROW_HEIGHT;
    const room = Math.floor((pages.bottom - pages.y - ROW_HEIGHT) / perVolume);
    const shown =
      cover.set.length <= room ? cover.set : window(cover.set, cover.number - 1, Math.max(1, room));
    for (const listing of shown) {
      const style = listing.number === cover.number ? STYLE.label : STYLE.value;
      const cells = [
        [SET_COLUMNS.number, `Volume ${listing.number}`],
        [SET_COLUMNS.pages, listing.pages],
        [SET_COLUMNS.bates, listing.bates ?? ''],
      ] as const;
      for (const [column, text] of cells) pages.label(text, x + column, style, COLOUR.text);
      pages.y += ROW_HEIGHT;
      pages.label(listing.contents, x + SET_COLUMNS.pages, STYLE.value, COLOUR.muted);
      pages.y += ROW_HEIGHT;
    }
    if (shown.length < cover.set.length) {
      pages.label(
        `Volumes ${shown[0]!.number} to ${shown.at(-1)!.number} of ${cover.set.length} are listed; each volume's cover lists those around it.`,
        x,
        STYLE.value,
        COLOUR.muted,
      );
    }
  }

  /**
   * The index page: each day on the volume's pages with the page (as printed) it starts on,
   * linked to its heading; by month, or by year, when the days are more than the page holds.
   */
  private drawIndex(): void {
    const { pages } = this;
    const x = PAGE.margin;
    pages.paragraph('Index of dates', x, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(x, CONTENT_WIDTH, COLOUR.rule);
    pages.y += SPACE.afterHeading;
    const rows = Math.floor((pages.bottom - pages.y - 3 * ROW_HEIGHT) / ROW_HEIGHT);
    const capacity = rows * INDEX_COLUMNS;
    const byMonth = firstOfEach(this.days, (day) => formatRecordedMonth(day));
    const [what, entries] =
      this.days.length <= capacity
        ? ['day', this.days]
        : byMonth.length <= capacity
          ? ['month', byMonth]
          : ['year', firstOfEach(this.days, (day) => day.slice(0, 4))];
    pages.paragraph(
      `The first page of each ${what} of messages in this volume, numbered as in the unsplit copy; each entry links to it. The bookmarks list every day.`,
      x,
      CONTENT_WIDTH,
      STYLE.value,
      COLOUR.muted,
    );
    pages.y += SPACE.afterHeading;
    const top = pages.y;
    const width = CONTENT_WIDTH / INDEX_COLUMNS;
    // Down each column, then across, as an index reads.
    entries.slice(0, capacity).forEach((entry, i) => {
      const left = x + Math.floor(i / rows) * width;
      pages.y = top + (i % rows) * ROW_HEIGHT;
      const cell = width - TEXT_GAP;
      pages.label(entry.label, left, STYLE.value, COLOUR.heading);
      pages.label(`page ${entry.page}`, left, STYLE.value, COLOUR.muted, { align: 'right', width: cell });
      const y = pages.y;
      pages.draw((doc) => doc.goTo(left, y, cell, ROW_HEIGHT, entry.destination));
    });
  }
}

/**
 * The cover's rows of what a volume's pages hold: its messages (of `total`) and their recorded
 * dates. `runs` are the stretches of messages the document holds when it holds only some (an
 * exhibit's excerpts), so that a volume's range never reads as continuous where it is not.
 */
export function contentRows(
  contents: VolumeContents,
  total: number,
  runs?: readonly MessageSpan[],
): CoverRows {
  const { messages, days } = contents;
  return [
    [
      'Messages on these pages',
      messages === null
        ? 'none'
        : messagesHeld(messages, total, runs, ` of ${total.toLocaleString('en-US')}`),
    ],
    [
      'Recorded dates',
      days === null
        ? 'none'
        : `${formatRecordedMoment(days.first, false)} to ${formatRecordedMoment(days.last, false)}`,
    ],
  ];
}

/** What the cover says of its pages: they are the unsplit document's, numbers and all. */
export const samePagesText = (bates: boolean): string =>
  `Each of those pages is the unsplit copy's page, unchanged: the same "Page X of Y"` +
  `${bates ? ' and the same Bates number' : ''}, so a page${bates ? ' or Bates' : ''} citation names the same ` +
  'page in the unsplit copy and in its volume. Every page is in exactly one volume; a message whose row ' +
  "runs from one volume's last page onto the next volume's first is named by both.";

/** What the cover says of the front matter, in a volume of `what` ("transcript", "exhibit"). */
export const frontMatterText = (what: string, bates: boolean): string =>
  `This cover and the index of dates that follows are the volume's front matter, not pages of the ${what}: ` +
  `they carry no ${bates ? 'Bates' : 'page'} number of it, and a PDF reader numbers them i and ii and the ` +
  'pages after them as they are printed.';

/** The front matter's footer: "Volume 2 of 5 · front matter, not part of the Bates-numbered transcript". */
export const frontMatterFooter = (name: string, what: string, bates: boolean): string =>
  `${name} · front matter, not part of the ${bates ? 'Bates-numbered ' : ''}${what}`;

/** A volume as the set's list on every cover names it. */
export function volumeListing(
  volume: { number: number; range: { from: number; to: number }; about: VolumeContents },
  bates: readonly [string, string] | null,
  total: number,
  runs?: readonly MessageSpan[],
): VolumeListing {
  const { messages, days } = volume.about;
  const date = (day: string) => formatRecordedMoment(day, false);
  return {
    number: volume.number,
    pages: `pages ${volume.range.from + 1}–${volume.range.to}`,
    bates: bates === null ? null : `${bates[0]}–${bates[1]}`,
    contents: [
      messages === null ? 'no messages' : `messages ${messagesHeld(messages, total, runs, '')}`,
      ...(days === null ? [] : [`${date(days.first)} to ${date(days.last)}`]),
    ].join(' · '),
  };
}

/** Messages `first` to `last` by the transcript's numbers. */
export interface MessageSpan {
  first: number;
  last: number;
}

/** Stretches a volume's cover lists one by one; past them it gives their number. */
const LISTED_STRETCHES = 4;

/** "0412–0440"; "0512" for one message. */
const messageRange = ({ first, last }: MessageSpan, total: number): string =>
  first === last
    ? messageNumber(first, total)
    : `${messageNumber(first, total)}–${messageNumber(last, total)}`;

/**
 * The messages from `span.first` to `span.last` (then `of`), or, when the document holds only
 * `runs` of them and more than one falls there, those stretches: "0010–0025, 0100–0120 and
 * 0160–0168 of 2,000 (3 stretches; the messages between them are not in this document)".
 */
function messagesHeld(
  span: MessageSpan,
  total: number,
  runs: readonly MessageSpan[] | undefined,
  of: string,
): string {
  const inside = (runs ?? [])
    .filter((run) => run.last >= span.first && run.first <= span.last)
    .map((run) => ({ first: Math.max(run.first, span.first), last: Math.min(run.last, span.last) }));
  if (inside.length <= 1) return `${messageRange(span, total)}${of}`;
  const between = `${inside.length} stretches; the messages between them are not in this document`;
  if (inside.length > LISTED_STRETCHES) {
    return `${messageNumber(span.first, total)} to ${messageNumber(span.last, total)}${of} (${between})`;
  }
  const ranges = inside.map((run) => messageRange(run, total));
  return `${ranges.slice(0, -1).join(', ')} and ${ranges[ranges.length - 1]}${of} (${between})`;
}

/** The first day start of each period (month, year) the days fall in, labelled with it. */
function firstOfEach(days: readonly DayStart[], period: (day: string) => string): DayStart[] {
  const seen = new Set<string>();
  return days.flatMap((start) => {
    const label = period(start.day);
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ ...start, label }];
  });
}

/** `size` items of `list` around the one at `at`. */
function window<T>(list: readonly T[], at: number, size: number): readonly T[] {
  const start = Math.max(0, Math.min(at - Math.floor(size / 2), list.length - size));
  return list.slice(start, start + size);
}
