import { lineHeight } from '../text/text-layout';
import { batesNumber } from './bates';
import { formatRecordedDate, formatRecordedMonth } from './time-zone';
import { runningHeader, type TranscriptNaming } from './transcript-copies';
import { COLOUR, FOOTER_RAISE, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import {
  type Bookmark,
  CONTENT_WIDTH,
  type CopyText,
  PAGE,
  type TextMask,
  type TranscriptCopy,
  type TwinPages,
} from './twin-pages';

/** A text the furniture draws, with the ranges of it a redacting copy removes. */
export interface MaskedText {
  text: string;
  masks: readonly TextMask[];
}

/** What a document's furniture says: its running header and its footers' texts. */
export interface FurnitureTexts<Copy extends string> {
  /** At the top of every page; its masks are ranges of every copy's version. */
  header: CopyText<Copy>;
  headerMasks: readonly TextMask[];
  /** Left in every footer: what the document was made from. */
  source: string;
  /** The Bates number of a page (1-based) in each copy, lower right; null when the document has none. */
  bates: (page: number) => CopyText<Copy> | null;
}

/** The transcript's and its filing copy's: the header naming case, exhibit and copy, the source's hash, their Bates numbers (bates.ts). */
export function transcriptFurniture(source: TranscriptNaming): FurnitureTexts<TranscriptCopy> {
  const { facts } = source;
  return {
    header: runningHeader(source),
    headerMasks: [],
    source: `Source SHA-256 ${facts.fileHash.slice(0, 16)}…`,
    bates: (page) => {
      const filing = batesNumber(facts, page, 'filing');
      return filing === null ? null : { transcript: batesNumber(facts, page, 'transcript')!, filing };
    },
  };
}

/**
 * What the pages carry besides their parts: the running header and what a new page repeats
 * below it, the bookmarks, and the footers with page and Bates numbers.
 */
export class PageFurniture<Copy extends string = TranscriptCopy> {
  /** Inside the messages, the day of the last message drawn: a new page continues it (null elsewhere). */
  day: string | null = null;
  /** The message being drawn once its header is down: a page break inside it repeats who it is. */
  message: MaskedText | null = null;
  /** Heads of the message columns that need one (the UTC column beside the recorded time), by x. */
  columnHeads: ReadonlyArray<readonly [x: number, head: string]> = [];
  /** Told each day's heading as it starts, at the cursor: a volume's index links to it. */
  onDay: (day: string) => void = () => {};
  /** Told each message's row as it starts and once it has ended: a volume names the messages on its pages. */
  onRow: (index: number, edge: 'start' | 'end') => void = () => {};
  /** Bookmarks that take children: the cover's, the messages' and the current month's (by 'YYYY-MM'). */
  private cover: Bookmark | null = null;
  private messages: Bookmark | null = null;
  private month: { key: string; day: string; bookmark: Bookmark } | null = null;
  /** The part being drawn, whose bookmarks a window of the pages opens again on its first page. */
  private part: 'cover' | 'messages' | 'register' | null = null;

  constructor(
    private readonly pages: TwinPages<Copy>,
    private readonly texts: FurnitureTexts<Copy>,
  ) {
    pages.onNewPage = () => this.continuation();
  }

  /** The running header at the top of every page. */
  runningHeader(): void {
    const { header, headerMasks } = this.texts;
    this.pages.paragraph(header, PAGE.margin, CONTENT_WIDTH, STYLE.meta, COLOUR.muted, headerMasks);
    this.pages.y += SPACE.belowRunningHeader;
  }

  bookmarkCover(): void {
    this.part = 'cover';
    this.cover = this.pages.bookmark('Cover', null, true);
  }

  bookmarkCoverSection(heading: string): void {
    this.pages.bookmark(heading, this.cover);
  }

  bookmarkMessages(): void {
    this.part = 'messages';
    this.messages = this.pages.bookmark('Messages', null, true);
  }

  /** A day's bookmark, under its month's (made with the month's first day). */
  bookmarkDay(day: string): void {
    const monthKey = day.slice(0, 7);
    if (this.month?.key !== monthKey) {
      const bookmark = this.pages.bookmark(formatRecordedMonth(day), this.messages);
      this.month = { key: monthKey, day, bookmark };
    }
    this.pages.bookmark(formatRecordedDate(day), this.month.bookmark);
    this.onDay(day);
  }

  /** The day the messages are in and the first day of its month: where a row starts (RowStart). */
  get days(): { day: string | null; month: string | null } {
    return { day: this.day, month: this.month?.day ?? null };
  }

  /**
   * Takes up the days of a row start, for a layout that resumes there, before its window: the
   * month's bookmark is in no document until the window's first page opens it again.
   */
  resumeDays({ day, month }: { day: string | null; month: string | null }): void {
    this.day = day;
    this.month = month === null ? null : { key: month.slice(0, 7), day: month, bookmark: { items: [] } };
  }

  bookmarkRegister(): void {
    this.part = 'register';
    this.pages.bookmark('Attachment register');
  }

  /**
   * On a window's first page, the bookmarks of the part it continues, in its own documents: the
   * part's, and inside the messages the month's and the day's that continue there.
   */
  private reopenBookmarks(): void {
    if (this.part === 'cover') this.bookmarkCover();
    if (this.part === 'register') this.bookmarkRegister();
    if (this.part !== 'messages') return;
    this.bookmarkMessages();
    if (this.month === null) return;
    this.month = {
      ...this.month,
      bookmark: this.pages.bookmark(formatRecordedMonth(this.month.day), this.messages),
    };
    if (this.day !== null)
      this.pages.bookmark(`${formatRecordedDate(this.day)} (continued)`, this.month.bookmark);
  }

  /**
   * On every page: what the document was made from, "Page X of Y", and the Bates number lower
   * right, each copy its own, so that no two documents share a number. A source too long to stand
   * left of the page number (a whole hash) takes the lines above it instead, wrapped to the full width.
   */
  footers(): void {
    const { texts, pages } = this;
    const { layout } = pages;
    const baseline = PAGE.height - FOOTER_RAISE;
    const sourceWidth = layout.measure(texts.source, STYLE.footer);
    const sourceAbove = layout
      .wrap(texts.source, STYLE.footer, CONTENT_WIDTH)
      .map((line) => line.text.trimEnd());
    pages.eachPage((page, count) => {
      const pageNumber = `Page ${page} of ${count}`;
      const beside = (CONTENT_WIDTH - layout.measure(pageNumber, STYLE.footer)) / 2 - TEXT_GAP;
      if (sourceWidth <= beside)
        pages.textAt(texts.source, PAGE.margin, baseline, STYLE.footer, COLOUR.muted);
      else
        sourceAbove.forEach((line, i) => {
          const above = (sourceAbove.length - i) * lineHeight(STYLE.footer);
          pages.textAt(line, PAGE.margin, baseline - above, STYLE.footer, COLOUR.muted);
        });
      pages.textAt(pageNumber, PAGE.margin, baseline, STYLE.footer, COLOUR.muted, {
        align: 'center',
        width: CONTENT_WIDTH,
      });
      const bates = texts.bates(page);
      if (bates !== null) {
        pages.textAt(bates, PAGE.margin, baseline, STYLE.label, COLOUR.text, {
          align: 'right',
          width: CONTENT_WIDTH,
        });
      }
    });
  }

  /** The column heads, on the messages' first page and every page that continues them. */
  drawColumnHeads(): void {
    if (this.columnHeads.length === 0) return;
    for (const [x, head] of this.columnHeads) this.pages.label(head, x, STYLE.label, COLOUR.muted);
    this.pages.y += lineHeight(STYLE.label) + SPACE.afterText;
  }

  /** What a new page repeats: the running header and, inside the messages, the day and the message that continue. */
  private continuation(): void {
    const { pages } = this;
    if (pages.pageNumber === pages.window?.first) this.reopenBookmarks();
    this.runningHeader();
    if (this.day !== null) {
      pages.paragraph(
        `${formatRecordedDate(this.day)} (continued)`,
        PAGE.margin,
        CONTENT_WIDTH,
        STYLE.dateHeading,
        COLOUR.muted,
      );
      pages.y += SPACE.afterText;
    }
    this.drawColumnHeads();
    if (this.message !== null) {
      const { text, masks } = this.message;
      pages.paragraph(`${text} (continued)`, PAGE.margin, CONTENT_WIDTH, STYLE.label, COLOUR.muted, masks);
      pages.y += SPACE.afterText;
    }
  }
}
