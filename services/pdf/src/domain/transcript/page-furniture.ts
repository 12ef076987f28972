import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { lineHeight } from '../text/text-layout';
import { batesNumber } from './bates';
import { formatRecordedDate, formatRecordedMonth } from './time-zone';
import { runningHeader } from './transcript-copies';
import { COLOUR, FOOTER_RAISE, SPACE, STYLE } from './transcript-style';
import { type Bookmark, CONTENT_WIDTH, PAGE, type TwinPages } from './twin-pages';

/**
 * What the pages carry besides their parts: the running header and what a new page repeats
 * below it, the bookmarks, and the footers with page and Bates numbers.
 */
export class PageFurniture {
  /** Inside the messages, the day of the last message drawn: a new page continues it (null elsewhere). */
  day: string | null = null;
  /** The message being drawn once its header is down: a page break inside it repeats who it is. */
  message: string | null = null;
  /** Heads of the message columns that need one (the UTC column beside the recorded time), by x. */
  columnHeads: ReadonlyArray<readonly [x: number, head: string]> = [];
  /** Which volume of a split document the pages belong to ("Volume 2 of 5"), named in the running header. */
  volume: string | null = null;
  /** Told each day's heading as it starts, at the cursor: a volume's index links to it. */
  onDay: (day: string) => void = () => {};
  /** Bookmarks that take children: the cover's, the messages' and the current month's (by 'YYYY-MM'). */
  private cover: Bookmark | null = null;
  private messages: Bookmark | null = null;
  private month: { key: string; bookmark: Bookmark } | null = null;

  constructor(
    private readonly pages: TwinPages,
    private readonly facts: ExportFacts,
  ) {
    pages.onNewPage = () => this.continuation();
  }

  /** The running header at the top of every page: case and exhibit numbers, title, source, which copy. */
  runningHeader(): void {
    this.pages.paragraph(
      runningHeader(this.facts, this.volume),
      PAGE.margin,
      CONTENT_WIDTH,
      STYLE.meta,
      COLOUR.muted,
    );
    this.pages.y += SPACE.belowRunningHeader;
  }

  bookmarkCover(): void {
    this.cover = this.pages.bookmark('Cover', null, true);
  }

  bookmarkCoverSection(heading: string): void {
    this.pages.bookmark(heading, this.cover);
  }

  bookmarkMessages(): void {
    this.messages = this.pages.bookmark('Messages', null, true);
  }

  /** A day's bookmark, under its month's (made with the month's first day). */
  bookmarkDay(day: string): void {
    const monthKey = day.slice(0, 7);
    if (this.month?.key !== monthKey) {
      const bookmark = this.pages.bookmark(formatRecordedMonth(day), this.messages);
      this.month = { key: monthKey, bookmark };
    }
    this.pages.bookmark(formatRecordedDate(day), this.month.bookmark);
    this.onDay(day);
  }

  bookmarkRegister(): void {
    this.pages.bookmark('Attachment register');
  }

  /**
   * On every page: the source's short hash, "Page X of Y", and the Bates number lower right, each
   * copy its own (bates.ts), so the two documents share no number. A volume's pages are numbered
   * in it ("Page 1 of 50"), and its Bates numbers continue the `pagesBefore` of the volumes before.
   */
  footers(pagesBefore = 0): void {
    const { facts, pages } = this;
    const baseline = PAGE.height - FOOTER_RAISE;
    pages.eachPage((page, count) => {
      pages.textAt(
        `Source SHA-256 ${facts.fileHash.slice(0, 16)}…`,
        PAGE.margin,
        baseline,
        STYLE.footer,
        COLOUR.muted,
      );
      pages.textAt(`Page ${page} of ${count}`, PAGE.margin, baseline, STYLE.footer, COLOUR.muted, {
        align: 'center',
        width: CONTENT_WIDTH,
      });
      const filing = batesNumber(facts, pagesBefore + page, 'filing');
      if (filing !== null) {
        const transcript = batesNumber(facts, pagesBefore + page, 'transcript')!;
        pages.textAt({ transcript, filing }, PAGE.margin, baseline, STYLE.label, COLOUR.text, {
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
      pages.paragraph(`${this.message} (continued)`, PAGE.margin, CONTENT_WIDTH, STYLE.label, COLOUR.muted);
      pages.y += SPACE.afterText;
    }
  }
}
