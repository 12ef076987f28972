import { lineHeight } from '../text/text-layout';
import type { CoverRows } from './cover-content';
import { writeCoverRows } from './cover-writer';
import type { PageFurniture } from './page-furniture';
import { formatRecordedMoment, formatRecordedMonth } from './time-zone';
import { COLOUR, FOOTER_RAISE, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import { CONTENT_WIDTH, type CopyText, PAGE, type TwinPages } from './twin-pages';

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
export interface VolumeCover {
  /** The running header of the front pages. */
  header: CopyText;
  title: string;
  /** Which copy and volume: "Court-filing copy (PDF/A-2b) · Volume 2 of 5". */
  subtitle: string;
  rows: CoverRows;
  paragraphs: readonly string[];
  /** The set's volumes, this one among them. */
  set: readonly VolumeListing[];
  number: number;
  /** The footer of the front pages, which says they are not pages of the document. */
  footer: string;
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
export class VolumeFrontPages {
  private readonly days: DayStart[] = [];
  /** The first and last message with any part on the window's pages. */
  private messages: { first: number; last: number } | null = null;
  /** The message whose row is being drawn. */
  private open: number | null = null;

  constructor(
    private readonly pages: TwinPages,
    furniture: PageFurniture,
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
  finish(cover: VolumeCover): void {
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
  private header(cover: VolumeCover): void {
    const { pages } = this;
    pages.paragraph(cover.header, PAGE.margin, CONTENT_WIDTH, STYLE.meta, COLOUR.muted);
    pages.y += SPACE.belowRunningHeader;
    pages.textAt(cover.footer, PAGE.margin, PAGE.height - FOOTER_RAISE, STYLE.footer, COLOUR.muted, {
      align: 'center',
      width: CONTENT_WIDTH,
    });
  }

  private drawCover(cover: VolumeCover): void {
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
